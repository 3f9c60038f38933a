/**
 * The two scripts the tool's pages run, served as files of this site so the pages keep a
 * strict script-src (no inline script).
 */
export const LTI_SCRIPTS: Record<string, string> = {
  // Posts the page's form at once (the launch's and the deep-linking answer's hand-offs).
  'post-form.js': `document.querySelector('form[data-auto-post]')?.submit();\n`,
  // Dynamic Registration 1.0: the platform closes the registration window when told.
  'close-registration.js': `document.querySelector('[data-close]')?.addEventListener('click', function () {
  (window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');
});\n`,
};
