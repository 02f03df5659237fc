import type { AttachmentRef, CustomerPage, CustomerQuote, DepositAnswer, QuoteSelection } from '@site/domain';
import { api } from '#web/lib/api-client.ts';

const base = (token: string) => `/api/customer/${encodeURIComponent(token)}`;
const quoteUrl = (token: string, quoteId: string) => `${base(token)}/quotes/${encodeURIComponent(quoteId)}`;

/** GET /api/customer/{token}: the customer's lead, files, booking and sent quotes, or 404 with the server's message. */
export const getCustomerPage = (token: string) => api.get<CustomerPage>(base(token));

/** GET /api/customer/{token}/quotes/{id}/pdf: the version as a PDF. */
export const customerQuotePdfUrl = (token: string, quoteId: string) => `${quoteUrl(token, quoteId)}/pdf`;

/** GET .../insurance: the domestic building insurance certificate staff attached, as a PDF. */
export const customerInsuranceUrl = (token: string, quoteId: string) => `${quoteUrl(token, quoteId)}/insurance`;

/**
 * POST .../accept: once per version; 409 with the server's message after an answer, a newer
 * version or the validity. A quote over $10,000 needs `consumerGuideReceived` (400 without it).
 */
export const acceptQuote = (
  token: string,
  quoteId: string,
  body: QuoteSelection & { name: string; acceptTerms: true; consumerGuideReceived?: true; independentLegalAdvice?: true },
) => api.post<CustomerQuote>(`${quoteUrl(token, quoteId)}/accept`, body);

/** POST .../withdraw: their typed name is the written notice; 409 once the cooling-off period has ended. */
export const withdrawFromQuote = (token: string, quoteId: string, name: string) =>
  api.post<CustomerQuote>(`${quoteUrl(token, quoteId)}/withdraw`, { name });

/** POST .../decline, with the reason when one is given. */
export const declineQuote = (token: string, quoteId: string, reason: string) =>
  api.post<CustomerQuote>(`${quoteUrl(token, quoteId)}/decline`, reason.trim() ? { reason: reason.trim() } : {});

/** POST .../deposit: a Checkout page to go to, or the bank transfer details. */
export const requestDeposit = (token: string, quoteId: string) => api.post<DepositAnswer>(`${quoteUrl(token, quoteId)}/deposit`);

/** POST /api/customer/{token}/files: files uploaded as the forms' are, added to the lead; answers the lead's files. */
export const addCustomerFiles = (token: string, attachments: AttachmentRef[]) =>
  api.post<{ files: CustomerPage['files'] }>(`${base(token)}/files`, { attachments });
