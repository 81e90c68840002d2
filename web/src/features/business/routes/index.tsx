export { ClaimBusinessPage } from './claim-business-page';
export { ClaimCancelPage } from './claim-cancel-page';
export { ClaimCompletePage } from './claim-complete-page';
