/// <reference lib="dom" />
// The transfer accept page (/transfers/accept/<token>): the Accept form is posted with fetch so the XSRF header is sent,
// and the server's answer (the page again) replaces ours (pages/browser/form-page.ts).
import { startFormPage } from '../../pages/browser/form-page';

startFormPage({ forms: 'form[data-transfer-accept]', page: '[data-transfer-page]' });
