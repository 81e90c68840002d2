import { DATE_FORMATS } from '@solutionz/shared';
import { formatDatePattern } from '@/lib/date-pattern';

/** When feedback was left, as the spec writes it: `dd MMM yyyy` (spec 02 section 9). */
export const feedbackDate = (iso: string) => formatDatePattern(new Date(iso), DATE_FORMATS.short);

/** When a reply was written or last edited: `MMM d, yyyy` (spec 02 section 9). */
export const replyDate = (iso: string) => formatDatePattern(new Date(iso), DATE_FORMATS.reply);
