import { useMutation, useQuery, type UseMutationOptions } from '@tanstack/react-query';
import { BUSINESS_SEARCH, type RouteBody, type RouteResponse, type Routes, type Signup } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';

/** The account routes with their schemas, loaded on the first call: the sign-up page arrives without zod (docs/web.md#calling-the-api). */
const accountRoutes = () => import('@/lib/lazy-routes/account-routes').then((module) => module.accountRoutes);

/** What the page does when a request settles: its messages, countdowns and navigation stay with it. */
type NewPassword = Omit<RouteBody<Routes['confirmPasswordReset']>, 'token'>;

type Reactions<Data, Variables> = Pick<UseMutationOptions<Data, Error, Variables>, 'onSuccess' | 'onError'>;

/** Registered business names like the one being typed (GET /api/businesses), as a provider signs up. */
export function useBusinessNameSearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['businessSearch', term],
    queryFn: async ({ signal }) => apiRequest((await accountRoutes()).searchBusinesses, { query: { q: term }, signal }),
    enabled: enabled && term.length >= BUSINESS_SEARCH.minChars,
    staleTime: 30_000,
  });
}

export function useSignup(reactions: Reactions<RouteResponse<Routes['signup']>, Signup>) {
  return useMutation({
    mutationFn: async (values: Signup) =>
      apiRequest((await accountRoutes()).signup, {
        // A client's hidden provider fields are not part of the account.
        body: values.accountType === 'provider' ? values : { ...values, phone: undefined, businessName: undefined, categories: undefined },
      }),
    ...reactions,
  });
}

export function useConfirmEmail(token: string) {
  return useMutation({ mutationFn: async () => apiRequest((await accountRoutes()).confirmEmail, { body: { token } }) });
}

export function useResendConfirmation(reactions: Reactions<RouteResponse<Routes['resendConfirmation']>, string>) {
  return useMutation({
    mutationFn: async (address: string) => apiRequest((await accountRoutes()).resendConfirmation, { body: { email: address } }),
    ...reactions,
  });
}

export function useRequestPasswordReset(reactions: Reactions<RouteResponse<Routes['requestPasswordReset']>, string>) {
  return useMutation({ mutationFn: async (email: string) => apiRequest((await accountRoutes()).requestPasswordReset, { body: { email } }), ...reactions });
}

export function useConfirmPasswordReset(token: string | null, reactions: Reactions<RouteResponse<Routes['confirmPasswordReset']>, NewPassword>) {
  return useMutation({
    mutationFn: async (values: NewPassword) => apiRequest((await accountRoutes()).confirmPasswordReset, { body: { token: token ?? '', ...values } }),
    ...reactions,
  });
}
