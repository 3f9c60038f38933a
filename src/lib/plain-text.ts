/** Text readable as is (math as 1/b, no Markdown markers): shared with the tool server, in contract/. */
export { htmlToPlain, MATH_SPAN, texToPlain, toPlainText } from '../../contract/plain-text';
