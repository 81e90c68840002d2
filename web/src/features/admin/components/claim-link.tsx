import { Button, Field, HStack, IconButton, Input, Link, Stack, Text } from '@chakra-ui/react';
import { CopyIcon } from 'lucide-react';
import { ADMIN_BUSINESSES_MESSAGES as MESSAGES } from '@solutionz/shared';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

/** The claim page's full address for a business: what an admin sends to its owner by mail or message. */
const claimUrl = (businessId: string) => `${window.location.origin}${paths.claimBusinessFor(businessId)}`;

async function copy(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toaster.success({ title: MESSAGES.claimLinkCopied });
  } catch {
    // No clipboard (an insecure page, or permission refused): the link is on screen to copy by hand.
    toaster.info({ title: MESSAGES.claimLink, description: url });
  }
}

/** The create-provider success dialog's claim link: the address in a field to select, and a copy button. */
export function ClaimLinkField({ businessId }: { businessId: string }) {
  const url = claimUrl(businessId);
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{MESSAGES.claimLink}</Field.Label>
        <HStack gap="2" width="full">
          <Input readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          <Button variant="outline" onClick={() => void copy(url)}>
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </HStack>
        <Field.HelperText>{MESSAGES.claimLinkHint}</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}

/** A row's claim link on /admin/businesses: the link itself (to open or copy from the browser's menu) and a copy button. */
export function ClaimLinkCell({ businessId, businessName }: { businessId: string; businessName: string }) {
  const url = claimUrl(businessId);
  return (
    <HStack gap="1">
      <Link href={url} color="brand.fg" fontSize="sm" aria-label={`${MESSAGES.claimLink} for ${businessName}`}>
        <Text as="span">{MESSAGES.claimLink}</Text>
      </Link>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={`${MESSAGES.copyClaimLink} for ${businessName}`}
        title={MESSAGES.copyClaimLink}
        onClick={() => void copy(url)}
      >
        <CopyIcon />
      </IconButton>
    </HStack>
  );
}
