import { Skeleton, Stack, Text } from '@chakra-ui/react';

/** Rows of grey while a list loads. */
export function LoadingRows({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Stack gap="2" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="10" />
      ))}
    </Stack>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <Text py="8" textAlign="center" color="fg.muted">
      {children}
    </Text>
  );
}
