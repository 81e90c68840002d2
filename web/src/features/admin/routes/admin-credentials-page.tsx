import { Box, Button, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CREDENTIAL_TYPE_LABELS, CREDENTIAL_TYPES, PRODUCT_NAME, type CredentialType, type QueuedCredential } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { CredentialFacts, openEvidence } from '@/entities/credentials/credential-facts';
import { ApiError } from '@/lib/api-client';
import { formatUkDate } from '@/lib/uk-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { adminEvidence, useCredentialQueue, useDecideCredential } from '../api/credentials-api';
import { CredentialOptionsPanel } from '../components/credential-options-panel';
import { CursorPager, useCursorPages } from '../components/cursor-pager';
import { EmptyState, LoadingRows } from '../components/load-states';
import { ReasonDialog } from '../components/reason-dialog';
import { SelectField } from '../components/select-field';

const TITLE = 'Credentials to check';
const FILTERS = [{ value: 'all', label: 'All kinds' }, ...CREDENTIAL_TYPES.map((type) => ({ value: type, label: CREDENTIAL_TYPE_LABELS[type] }))] as const;
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

function QueueItem({ credential, busy, onVerify, onReject }: { credential: QueuedCredential; busy: boolean; onVerify: () => void; onReject: () => void }) {
  const open = () =>
    void adminEvidence(credential.provider.id, credential.id).then(openEvidence, (error: unknown) =>
      toastFailure(error, { title: 'The document could not be opened', description: failureText(error) }),
    );
  return (
    <Box as="article" aria-label={`${credential.title} of ${credential.provider.name}`} borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} bg="bg">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          <Link asChild color="brand.fg">
            <RouterLink to={paths.provider(credential.provider.id)}>{credential.provider.name || 'A provider'}</RouterLink>
          </Link>{' '}
          · sent {formatUkDate(credential.submittedAt, 'dd MMM yyyy')}
        </Text>
        <CredentialFacts credential={credential} />
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={open} disabled={!credential.evidence}>
            {credential.evidence ? 'Open document' : 'No document yet'}
          </Button>
          <Button size="sm" onClick={onVerify} disabled={busy || !credential.evidence}>
            Verify
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onReject} disabled={busy}>
            Reject
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * /admin/credentials (docs/product/credentials.md#checking): the credentials waiting to be checked, oldest first, by kind;
 * the evidence opens from here; verifying records who checked it and when, rejecting mails the provider the reason.
 * Below, the schemes, kinds and levels providers choose from.
 */
export function AdminCredentialsPage() {
  useDocumentTitle(`${TITLE} | ${PRODUCT_NAME}`);
  const [filter, setFilter] = useState<CredentialType | 'all'>('all');
  const pages = useCursorPages();
  const queue = useCredentialQueue(filter === 'all' ? undefined : filter, pages.cursor);
  const decide = useDecideCredential();
  const [rejecting, setRejecting] = useState<QueuedCredential>();

  const verify = (credential: QueuedCredential) =>
    decide.mutate(
      { providerId: credential.provider.id, credentialId: credential.id, body: { decision: 'verify' } },
      {
        onSuccess: () => toaster.success({ title: 'Credential verified', description: `${credential.title} now shows on the provider's page.` }),
        onError: (error) => toastFailure(error, { title: 'The credential was not verified', description: failureText(error) }),
      },
    );

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Box maxW="xs">
          <SelectField
            label="Kind"
            value={filter}
            options={FILTERS}
            onChange={(value) => {
              setFilter(value);
              pages.reset();
            }}
          />
        </Box>
        {queue.isPending ? (
          <LoadingRows label="Loading credentials" />
        ) : queue.isError ? (
          <LoadFailed message="The credentials could not be loaded." error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.credentials.length === 0 ? (
          <EmptyState>Nothing is waiting to be checked.</EmptyState>
        ) : (
          <Stack gap="4" aria-busy={queue.isFetching}>
            {queue.data.credentials.map((credential) => (
              <QueueItem
                key={credential.id}
                credential={credential}
                busy={decide.isPending}
                onVerify={() => verify(credential)}
                onReject={() => setRejecting(credential)}
              />
            ))}
            <CursorPager
              label="Credential pages"
              page={pages.page}
              nextCursor={queue.data.nextCursor ?? undefined}
              busy={queue.isFetching}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </Stack>
        )}
        <CredentialOptionsPanel />
      </Stack>
      {rejecting && (
        <ReasonDialog
          title="Reject credential"
          confirmLabel="Reject"
          busyLabel="Rejecting..."
          busy={decide.isPending}
          onClose={() => setRejecting(undefined)}
          onConfirm={(reason) =>
            decide.mutate(
              { providerId: rejecting.provider.id, credentialId: rejecting.id, body: { decision: 'reject', reason } },
              {
                onSuccess: () => {
                  toaster.success({ title: 'Credential rejected', description: 'The provider is e-mailed the reason.' });
                  setRejecting(undefined);
                },
                onError: (error) => toastFailure(error, { title: 'The credential was not rejected', description: failureText(error) }),
              },
            )
          }
        >
          {rejecting.provider.name} is e-mailed the reason, and the credential is not shown on their page.
        </ReasonDialog>
      )}
    </Container>
  );
}
