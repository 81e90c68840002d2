import { Controller, type Control } from 'react-hook-form';
import type { Signup, SignupInput } from '@solutionz/shared';
import { FieldShell } from '@/components/forms/form-field';
import { TaxonomyPicker } from '@/entities/categories/components/taxonomy-picker';
import { BusinessNameSearch } from './business-name-search';

/** The sign-up form's fields for a provider alone: the business name (with its search of listed businesses) and the categories. */
function ProviderSignupFields({ control }: { control: Control<SignupInput, unknown, Signup> }) {
  return (
    <>
      <Controller
        control={control}
        name="businessName"
        render={({ field, fieldState }) => (
          <FieldShell label="Business name" error={fieldState.error?.message}>
            <BusinessNameSearch name={field.name} inputRef={field.ref} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />
          </FieldShell>
        )}
      />
      <Controller
        control={control}
        name="categories"
        render={({ field, fieldState }) => <TaxonomyPicker value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />}
      />
    </>
  );
}

/** The fields as the sign-up form renders them, once this file is in (load-provider-signup-fields.ts). */
export const drawProviderSignupFields = (control: Control<SignupInput, unknown, Signup>) => <ProviderSignupFields control={control} />;
