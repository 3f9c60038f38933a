// Plain JavaScript on purpose: this is what an LMS developer copies.
const params = new URLSearchParams(location.search);
const appInput = document.getElementById('app');
appInput.value = params.get('app') || location.origin;
if (params.get('framework')) document.getElementById('framework').value = params.get('framework');
if (params.get('mode')) document.getElementById('mode').value = params.get('mode');
const frame = document.getElementById('picker');
const received = [];
window.receivedMessages = received; // for tests and debugging

function pickerOrigin() {
  return new URL(appInput.value).origin;
}

function loadPicker() {
  const url = new URL('/embed', pickerOrigin());
  const framework = document.getElementById('framework').value.trim();
  if (framework) url.searchParams.set('framework', framework);
  url.searchParams.set('mode', document.getElementById('mode').value);
  url.searchParams.set('origin', location.origin); // the picker only talks to this origin
  if (params.get('selected')) url.searchParams.set('selected', params.get('selected'));
  // skills=true: each chosen standard arrives with its learningComponents.
  if (params.get('skills')) url.searchParams.set('skills', params.get('skills'));
  frame.src = url.toString();
  // A browser that refuses the frame (frame-ancestors) leaves it blank and says so only
  // in its console: say it here when the picker has not spoken after a few seconds.
  const hint = document.getElementById('frame-hint');
  hint.textContent = '';
  const before = received.length;
  clearTimeout(loadPicker.timer);
  loadPicker.timer = setTimeout(() => {
    if (received.length === before)
      hint.textContent =
        'The picker has not answered. If the frame is blank, its server does not allow this page to frame it: ' +
        'add ' +
        location.origin +
        ' to EMBED_ALLOWED_ORIGINS there (and check the picker origin above).';
  }, 6000);
}

function send(message) {
  // Always name the picker's origin: never '*'.
  frame.contentWindow.postMessage({ protocol: 'standards-explorer', version: 1, ...message }, pickerOrigin());
}

function showChosen(items) {
  const list = document.getElementById('chosen');
  list.replaceChildren();
  if (!items.length) list.innerHTML = '<li>None yet.</li>';
  for (const item of items) {
    const li = document.createElement('li');
    const code = document.createElement('span');
    code.className = 'code';
    code.textContent = item.statementCode || '(no code)';
    const text = document.createTextNode(' ' + (item.descriptionText || item.description || ''));
    const attribution = document.createElement('span');
    attribution.className = 'attribution';
    attribution.textContent = item.attributionStatement + ' License: ' + item.license;
    li.append(code, text, attribution);
    list.append(li);
  }
}

window.addEventListener('message', (event) => {
  // Accept only the picker's own origin and its window, and only its protocol.
  if (event.origin !== pickerOrigin() || event.source !== frame.contentWindow) return;
  const message = event.data;
  if (!message || message.protocol !== 'standards-explorer') return;
  received.push(message);
  const log = document.getElementById('log');
  log.textContent = JSON.stringify(message) + '\n' + log.textContent;
  if (message.type === 'resize') frame.style.height = Math.max(200, message.height) + 'px';
  if (message.type === 'selection' || message.type === 'done') showChosen(message.items);
});

document.getElementById('load').addEventListener('click', loadPicker);
document.getElementById('request').addEventListener('click', () => send({ type: 'requestSelection' }));
document.getElementById('clear').addEventListener('click', () => send({ type: 'setSelection', ids: [] }));
document.getElementById('grade3').addEventListener('click', () => send({ type: 'setFilters', grades: ['3'] }));
// The picker opens "Find standards for a text" on the assignment (optional message, capability `alignText`).
document
  .getElementById('align')
  .addEventListener('click', () => send({ type: 'alignText', text: document.getElementById('assignment').value }));
loadPicker();
