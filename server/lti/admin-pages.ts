/**
 * The two pages an LMS administrator sees: the values to type in (`/lti`), and the end of
 * a Dynamic Registration, with the next step in that LMS.
 */
import type { Registered } from './dynamic-registration';
import { escapeHtml } from '../escape-html';
import { page } from './lti-html';
import { manualValues, TOOL_NAME, type ToolUrls } from './tool-config';

/** What each LMS asks of its administrator after a registration, by its product family. */
function nextStep(product: string | null): string {
  if (product === 'moodle')
    return '<p>In Moodle the tool now waits as <strong>Pending</strong>: go to Site administration › Plugins › Activity modules › External tool › Manage tools, activate it, and set it to show in the activity chooser.</p>';
  if (product === 'canvas')
    return '<p>In Canvas, review the tool when this window closes, turn its developer key <strong>On</strong>, and add it to the account or course by its Client ID.</p>';
  return '<p>Your LMS may ask an administrator to activate the tool before teachers see it.</p>';
}

export function registeredPage({ platform, deploymentId, product, updated }: Registered): string {
  return page({
    title: 'Registered',
    scripts: ['/lti/assets/close-registration.js'],
    body: `<h1>${escapeHtml(TOOL_NAME)} is ${updated ? 'registered again' : 'registered'} with ${escapeHtml(platform.name)}</h1>
<p>Client ID <code>${escapeHtml(platform.clientId)}</code>${deploymentId ? `, deployment <code>${escapeHtml(deploymentId)}</code>` : ''}.</p>
${nextStep(product)}
${deploymentId ? '' : `<p class="muted">The LMS named no deployment yet: the first launch of a new deployment explains how to add it.</p>`}
<button type="button" data-close>Done</button>`,
  });
}

export function toolValuesPage(urls: ToolUrls): string {
  const rows = manualValues(urls)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return page({
    title: 'LTI 1.3 registration',
    body: `<h1>${escapeHtml(TOOL_NAME)} as an LTI 1.3 tool</h1>
<p>Register it with one URL where the LMS supports LTI Dynamic Registration (Moodle 4.x, Canvas): <code>${escapeHtml(urls.register)}</code>.</p>
<p>Canvas can also read its developer key from <a href="/lti/canvas.json">${escapeHtml(urls.canvasJson)}</a>. Elsewhere, type in these values; the tool signs with RS256 and asks for no services.</p>
<dl>${rows}</dl>`,
  });
}
