/// <reference lib="dom" />
// The transfer accept page (/transfers/accept/<token>): the Accept form is posted with fetch so the XSRF header is sent,
// and the server's answer (the page again) replaces ours (web/browser/form-page.ts).
import { startFormPage } from '../../web/browser/form-page';

startFormPage({ forms: 'form[data-transfer-accept]', page: '[data-transfer-page]' });
