export { ClaimBusinessPage } from './claim-business-page';
