import { DATE_FORMATS } from '@solutionz/shared';
import { formatDatePattern } from '@/lib/date-pattern';

/** When feedback was left: `dd MMM yyyy` (docs/product/feedback.md#reading-feedback). */
export const feedbackDate = (iso: string) => formatDatePattern(new Date(iso), DATE_FORMATS.short);

/** When a reply was written or last edited: `MMM d, yyyy` (docs/product/feedback.md#replies). */
export const replyDate = (iso: string) => formatDatePattern(new Date(iso), DATE_FORMATS.reply);
