import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, MESSAGES } from '@solutionz/shared';
import { ApiError } from '@/lib/api-client';
import { sourceFiles } from '@/testing/chakra-recipes';
import { renderWithProviders } from '@/testing/render';
import { LoadFailed } from './load-failed';

const webSrc = resolve(import.meta.dirname, '../..');

describe('LoadFailed', () => {
  it('says what could not be loaded, and Try again reads it again', async () => {
    const retry = vi.fn();
    const { user } = renderWithProviders(<LoadFailed message="Failed to load providers" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load providers');
    await user.click(screen.getByRole('button', { name: MESSAGES.errorFallback.retry }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers no button where the screen gives no way to read it again', () => {
    renderWithProviders(<LoadFailed message="Failed to load jobs" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load jobs');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the second read under way on the button', () => {
    renderWithProviders(<LoadFailed message="Failed to load feedback" onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it("sends an admin without 2-step verification to set it up, in the API's words, instead of offering Try again", () => {
    const refused = new ApiError(403, ERROR_CODES.adminMfaRequired.code, 'Turn on 2-step verification first.');
    renderWithProviders(
      <MemoryRouter>
        <LoadFailed message="Failed to load users" error={refused} onRetry={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Turn on 2-step verification first.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load users')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up 2-step verification' })).toHaveAttribute('href', '/account?tab=security');
    expect(screen.queryByRole('button', { name: MESSAGES.errorFallback.retry })).not.toBeInTheDocument();
  });

  it('is the only load-failed state of the web: no other screen draws its own Try again', () => {
    const ownTryAgain = />\s*Try again\s*<|errorFallback\.retry/i;
    const allowed = new Set(['components/errors/load-failed.tsx', 'components/errors/error-fallback.tsx']);
    const found = sourceFiles(webSrc)
      .map((file) => relative(webSrc, file))
      .filter((file) => !allowed.has(file) && ownTryAgain.test(readFileSync(resolve(webSrc, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
