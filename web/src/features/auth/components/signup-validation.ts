import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema, type Signup, type SignupInput } from '@solutionz/shared';
import type { Resolver } from 'react-hook-form';

/** The sign-up form's resolver: the API's own schema. A chunk of its own, loaded when the form is first checked (signup-page.tsx). */
export const signupValidation: Resolver<SignupInput, unknown, Signup> = zodResolver(signupSchema);
