import { z } from 'zod';

/** The opaque cursor of a paged list (admin tables, conversations, claims): the server's own token, echoed back. */
export const cursorSchema = z.string().max(1000).optional();
