import { Controller, type Control } from 'react-hook-form';
import type { Signup, SignupInput } from '@solutionz/shared';
import { FieldShell } from '@/components/forms/form-field';
import { TaxonomyPicker } from '@/entities/categories/components/taxonomy-picker';
import { BusinessNameSearch } from './business-name-search';
import { ListedBusinessNotice, type ListedBusiness } from './listed-business-notice';

/** The business the person picked that an admin listed and nobody has claimed, held by the form (which will not send while it stands). */
interface ListedChoice {
  readonly listed: ListedBusiness | undefined;
  readonly onListedChange: (listed: ListedBusiness | undefined) => void;
}

/** The sign-up form's fields for a provider alone: the business name (with its search of listed businesses) and the categories. */
function ProviderSignupFields({ control, choice }: { control: Control<SignupInput, unknown, Signup>; choice: ListedChoice }) {
  const { listed, onListedChange } = choice;
  return (
    <>
      <Controller
        control={control}
        name="businessName"
        render={({ field, fieldState }) => (
          <>
            <FieldShell label="Business name" error={fieldState.error?.message}>
              <BusinessNameSearch
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onPickBusiness={(business) => onListedChange(business.claimable ? { id: business.id, businessName: business.businessName } : undefined)}
              />
            </FieldShell>
            {/* Typing another name leaves the listed business behind. */}
            {listed && field.value === listed.businessName && <ListedBusinessNotice business={listed} onDifferent={() => onListedChange(undefined)} />}
          </>
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
export const drawProviderSignupFields = (control: Control<SignupInput, unknown, Signup>, choice: ListedChoice) => (
  <ProviderSignupFields control={control} choice={choice} />
);
