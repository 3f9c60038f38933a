/**
 * The derivation rules (contract/derived) over the tool server's own REST calls, so a
 * tool tells what the app shows, on the local data and the hosted service alike. One
 * reader per tool call: the lists a call reads twice are read once.
 */
import { restReader } from '../../contract/derived/rest-reader';
import { standardName, type Through } from '../../contract/derived/through-matches';
import { getJson, type CallApi } from './rest-calls';

export const readerFor = (call: CallApi) => restReader((path) => getJson(call, path));

/** "derived through Common Core 3.NF.A.1 [uuid]", for a tool's text. */
export const throughText = (list: readonly Through[]) => list.map((t) => `${standardName(t)} [${t.caseIdentifierUUID}]`).join(', ');
