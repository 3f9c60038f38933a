/**
 * The tool's own pages (errors, the auto-posted forms, the read-only standards, the
 * registration and the administrator's values). Small, server-made, escaped, and shaped
 * for an LMS iframe: they fit 320 px, follow the system's dark mode, and run no inline
 * script (the two scripts they use are files of this site).
 */
import { escapeHtml } from '../escape-html';
import type { LtiRefusal } from './lti-refusal';

const STYLE = `
:root { color-scheme: light dark; --fg: #0f172a; --muted: #475569; --bg: #fff; --line: #e2e8f0; --accent: #1d4ed8; --bad: #991b1b; }
@media (prefers-color-scheme: dark) { :root { --fg: #e2e8f0; --muted: #94a3b8; --bg: #020617; --line: #1e293b; --accent: #93c5fd; --bad: #fca5a5; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 12px 16px; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); overflow-wrap: anywhere; }
h1 { font-size: 1.2rem; margin: 0 0 8px; line-height: 1.3; }
p { margin: 6px 0; }
.muted, small { color: var(--muted); }
.bad h1 { color: var(--bad); }
ul.standards { list-style: none; padding: 0; margin: 8px 0; }
ul.standards li { padding: 8px 0; border-top: 1px solid var(--line); }
.code { font-weight: 600; }
.meta { display: block; font-size: .875rem; color: var(--muted); }
dl { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2px 12px; }
dt { font-weight: 600; margin-top: 8px; }
dd { margin: 0; font-family: ui-monospace, monospace; font-size: .875rem; }
button, .button { font: inherit; min-height: 44px; padding: 8px 16px; border-radius: 6px; border: 0; background: var(--accent); color: var(--bg); cursor: pointer; }
a { color: var(--accent); }
code { font-size: .875rem; }
`;

export interface PageOptions {
  title: string;
  body: string;
  /** The LMS's locale (BCP 47), for the document's language. */
  lang?: string | null;
  /** Scripts of this site the page loads (deferred). */
  scripts?: string[];
  bodyClass?: string;
}

export function page({ title, body, lang, scripts = [], bodyClass }: PageOptions): string {
  const language = lang && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(lang) ? lang : 'en';
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Standards Explorer</title>
<style>${STYLE}</style>
${scripts.map((s) => `<script src="${escapeHtml(s)}" defer></script>`).join('\n')}
</head>
<body${bodyClass ? ` class="${bodyClass}"` : ''}>
<main>
${body}
</main>
</body>
</html>`;
}

export function refusalPage(refusal: LtiRefusal): string {
  return page({
    title: refusal.title,
    bodyClass: 'bad',
    body: `<h1>${escapeHtml(refusal.title)}</h1>
<p>${escapeHtml(refusal.detail)}</p>
<p class="muted">${escapeHtml(refusal.next)}</p>`,
  });
}

/** A form the browser posts at once (post-form.js), with a button where scripts are off. */
export function autoPostPage(action: string, fields: Record<string, string>, label: string, heading: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page({
    title: heading,
    scripts: ['/lti/assets/post-form.js'],
    body: `<h1>${escapeHtml(heading)}</h1>
<form method="post" action="${escapeHtml(action)}" data-auto-post>${inputs}<button type="submit">${escapeHtml(label)}</button></form>`,
  });
}
