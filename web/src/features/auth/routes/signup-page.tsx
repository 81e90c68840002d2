import { Alert, Box, Button, chakra, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  AUTH_PAGE_MESSAGES,
  AUTH_PAGE_TITLES,
  type Place,
  SIGNUP_LISTED_BUSINESS_MESSAGES,
  SIGNUP_RATE_LIMIT_COUNTDOWN_S,
  type Signup,
  type SignupAccountType,
  type SignupInput,
} from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormField } from '@/components/forms/form-field';
import { LocationAutocomplete } from '@/entities/locations/components/location-autocomplete';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSignup } from '../api/auth';
import { AccountTypeTabs } from '../components/account-type-tabs';
import type { ListedBusiness } from '../components/listed-business-notice';
import { loadedProviderSignupFields, loadProviderSignupFields } from '../components/load-provider-signup-fields';
import { savePendingSignup } from '../components/pending-signup';
import { useCountdown } from '../components/use-countdown';
import type { ConfirmEmailLocationState } from './confirm-email-page';

const FIELDS = ['fullName', 'email', 'location', 'phone', 'businessName', 'categories', 'password', 'confirmPassword'] as const;
const PROVIDER_FIELDS = ['phone', 'businessName', 'categories'] as const;

function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return AUTH_PAGE_MESSAGES.unexpected;
  if (error.status === 409) return ACCOUNT_MESSAGES.alreadyRegistered;
  if (error.status === 429) return ACCOUNT_MESSAGES.signupRateLimited;
  return error.message || ACCOUNT_MESSAGES.signupFailed;
}

/**
 * The API's own sign-up schema as the form's resolver, loaded when the form is first checked (on submit): zod and the
 * schemas are some 50 KB of script the page need not run on arrival (docs/web.md#loading).
 */
const signupResolver: Resolver<SignupInput, unknown, Signup> = async (values, context, options) => {
  let signupValidation: Resolver<SignupInput, unknown, Signup>;
  try {
    ({ signupValidation } = await import('../components/signup-validation'));
  } catch {
    // The checks' file could not be fetched (the connection dropped after the page arrived): nothing is sent, the
    // form says so as it does when the request itself fails, and sending again fetches the file again.
    return { values: {}, errors: { root: { type: 'unavailable', message: AUTH_PAGE_MESSAGES.unexpected } } };
  }
  return signupValidation(values, context, options);
};

/** Loads the provider's fields ahead of the provider tab: the form pointed at or focused. */
const prefetchProviderFields = () => void loadProviderSignupFields().catch(() => undefined);

/**
 * The provider's fields once their file is in. The tab loads them before it switches (below); this also loads them
 * when the page opens as a provider's form without them (a link within the app to `?type=provider`).
 */
function useProviderSignupFields(wanted: boolean) {
  const [fields, setFields] = useState(loadedProviderSignupFields);
  useEffect(() => {
    if (!wanted || fields) return;
    let live = true;
    loadProviderSignupFields().then(
      ({ drawProviderSignupFields }) => live && setFields(() => drawProviderSignupFields),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, fields]);
  return fields ?? loadedProviderSignupFields();
}

/**
 * Switching the form between the account types, the address following (`?type=provider`). The provider's form is rendered
 * whole: its fields' file first (usually in already, from the pointer or the focus), then the switch. Rendered in two
 * steps, the fields arriving late pushed "Create account" down under a pointer on its way to it.
 */
function useAccountTypeChoice(
  form: UseFormReturn<SignupInput, unknown, Signup>,
  accountType: SignupAccountType,
  setFormError: (message: string | null) => void,
) {
  const [, setSearchParams] = useSearchParams();
  /** The tab chosen last: a provider's form waiting for its fields is not rendered once the client's has been chosen again. */
  const chosenType = useRef(accountType);

  const showType = (next: SignupAccountType) => {
    form.setValue('accountType', next);
    form.clearErrors([...PROVIDER_FIELDS]);
    setFormError(null);
    setSearchParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === 'provider') query.set('type', 'provider');
        else query.delete('type');
        return query;
      },
      { replace: true },
    );
  };

  return (next: SignupAccountType) => {
    chosenType.current = next;
    if (next === 'client' || loadedProviderSignupFields()) {
      showType(next);
      return;
    }
    loadProviderSignupFields().then(
      () => chosenType.current === next && showType(next),
      // The file could not be fetched (the connection dropped after the page arrived): the client's form stays and
      // says so, as it does when the form's checks cannot be fetched; choosing the tab again tries again.
      () => chosenType.current === next && setFormError(AUTH_PAGE_MESSAGES.unexpected),
    );
  };
}

/** What the API answered, or why the form could not be checked; while sign-ups are refused, the countdown to the next try. */
function SignupError({ message, waitSeconds }: { message: string; waitSeconds: number }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
        {waitSeconds > 0 && <Alert.Description>{AUTH_PAGE_MESSAGES.signupRateLimitCountdown(waitSeconds)}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** /signup (docs/product/accounts.md#sign-up): one form for both account types, checked with the API's own schema. */
export function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const initialType: SignupAccountType = searchParams.get('type') === 'provider' ? 'provider' : 'client';
  const [formError, setFormError] = useState<string | null>(null);
  /** Places the API offered when it could not place the typed location. */
  const [placeSuggestions, setPlaceSuggestions] = useState<readonly Place[]>([]);
  const countdown = useCountdown();
  /** A business picked in the search that an admin listed and nobody has claimed: its owner claims it instead. */
  const [listed, setListed] = useState<ListedBusiness>();

  const form = useForm<SignupInput, unknown, Signup>({
    resolver: signupResolver,
    defaultValues: {
      accountType: initialType,
      fullName: '',
      email: '',
      location: '',
      password: '',
      confirmPassword: '',
      phone: '',
      businessName: '',
      categories: [],
    },
  });
  const { register, handleSubmit, control, setError, formState } = form;
  const accountType = useWatch({ control, name: 'accountType' });
  const isProvider = accountType === 'provider';
  const errors = formState.errors;

  const signup = useSignup({
    onSuccess: (result) => {
      toaster.create({ type: 'success', title: ACCOUNT_MESSAGES.accountCreated });
      savePendingSignup(result.email, result.accountType);
      const state: ConfirmEmailLocationState = { confirmationEmail: result.confirmationEmail };
      void navigate(paths.confirmEmail, { state });
    },
    onError: (error) => {
      setPlaceSuggestions(error instanceof ApiError && error.fieldMessage('location') ? error.suggestions : []);
      if (error instanceof ApiError && error.status === 429) countdown.start(error.retryAfterSeconds ?? SIGNUP_RATE_LIMIT_COUNTDOWN_S);
      if (error instanceof ApiError && error.status === 400 && applyServerFieldErrors(error, setError, FIELDS)) return;
      setFormError(failureMessage(error));
    },
  });

  const drawProviderFields = useProviderSignupFields(isProvider);
  const chooseType = useAccountTypeChoice(form, accountType, setFormError);

  const blocked = countdown.remaining > 0;
  /** What the API answered, or why the form could not be checked. */
  const shownError = formError ?? errors.root?.message;
  const fields = (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="4"
      noValidate
      // The page arrives prerendered: sent by a browser without the app (scripts off, or their files lost), the
      // form goes in a request's body, never with the password in the address. The app sends it itself.
      method="post"
      onSubmit={handleSubmit((values) => {
        setFormError(null);
        // Not a second listing of a business its owner can claim, unless they said theirs is a different one.
        if (values.accountType === 'provider' && listed && values.businessName === listed.businessName) {
          setError('businessName', { message: SIGNUP_LISTED_BUSINESS_MESSAGES.chooseFirst }, { shouldFocus: true });
          return;
        }
        signup.mutate(values);
      })}
    >
      <FormField label="Full name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Controller
        control={control}
        name="location"
        render={({ field, fieldState }) => (
          <LocationAutocomplete
            label="Location"
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            suggestions={fieldState.error ? placeSuggestions : undefined}
          />
        )}
      />
      {isProvider &&
        (drawProviderFields ? (
          <>
            <FormField label="Phone number" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
            {drawProviderFields(control, {
              listed,
              onListedChange: (next) => {
                setListed(next);
                if (!next) form.clearErrors('businessName');
              },
            })}
          </>
        ) : (
          <Text role="status" color="fg.muted">
            Loading the provider's fields…
          </Text>
        ))}
      <FormField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <FormField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {shownError && <SignupError message={shownError} waitSeconds={countdown.remaining} />}
      <Button type="submit" loading={signup.isPending} loadingText="Creating account..." disabled={blocked}>
        Create account
      </Button>
    </chakra.form>
  );

  return (
    <AuthCard title={AUTH_PAGE_TITLES.signup} description="Find trusted professionals, or get found as one.">
      <Box onPointerOver={prefetchProviderFields} onFocus={prefetchProviderFields}>
        <AccountTypeTabs value={accountType} onChange={chooseType} panelPt="6">
          {fields}
        </AccountTypeTabs>
      </Box>
      <Stack gap="2" textAlign="center">
        <Text fontSize="sm" color="fg.muted">
          We'll send a link to your email address: you need to confirm it to finish setting up your account.
        </Text>
        <Text fontSize="sm">
          Already have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={isProvider ? `${paths.login}?type=provider` : paths.login}>Sign in</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}
