import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shownCount, TRANSPARENCY_FIGURES, TRANSPARENCY_FIGURES_BY_REASON, ADMIN_REASON_CODES, type TransparencyResponse } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { transparencyCsv } from '../components/transparency-csv';

const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'];

/** Feedback removed: 3 in the last 30 days (for spam), 40 over the year, 12 in December. */
const answer: TransparencyResponse = {
  asOf: '2026-12-07T10:00:00.000Z',
  periods: (['last30Days', 'last12Months', 'allTime'] as const).map((period, index) => ({
    period,
    from: period === 'allTime' ? null : period === 'last30Days' ? '2026-11-08' : '2026-01-01',
    to: '2026-12-07',
    figures: TRANSPARENCY_FIGURES.map((figure) => ({
      figure,
      count: shownCount(figure === 'feedback.removed' ? [3, 40, 52][index]! : 0),
      ...((TRANSPARENCY_FIGURES_BY_REASON as readonly string[]).includes(figure)
        ? {
            byReason: ADMIN_REASON_CODES.map((reason) => ({
              reason,
              count: shownCount(figure === 'feedback.removed' && reason === 'spam' ? [3, 40, 52][index]! : 0),
            })),
          }
        : {}),
    })),
    medianResolveBucket: period === 'last30Days' ? null : 2,
  })),
  months: months.map((month, index) => ({
    month,
    figures: TRANSPARENCY_FIGURES.map((figure) => ({
      figure,
      count: shownCount(figure === 'feedback.removed' ? [0, 2, 0, 3, 0, 6, 0, 4, 0, 13, 0, 12][index]! : 0),
    })),
  })),
};

describe('/transparency', { timeout: 20_000 }, () => {
  it('gives each period with "fewer than 5" for small counts, the median as a band, and each month of the charted figure in a table', async () => {
    stubApi({ getTransparency: () => answer });
    renderApp('/transparency');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation transparency' })).toBeInTheDocument();
    const last30 = await screen.findByRole('region', { name: 'Last 30 days' });
    expect(within(last30).getByText('Feedback removed').nextElementSibling).toHaveTextContent('fewer than 5');
    expect(within(last30).getByRole('list', { name: 'Feedback removed by reason' })).toHaveTextContent('Spam or advertising: fewer than 5');
    expect(within(last30).getByText('too few reports to say')).toBeInTheDocument();
    const year = screen.getByRole('region', { name: 'Last 12 months' });
    expect(within(year).getByText('Feedback removed').nextElementSibling).toHaveTextContent('40');
    expect(within(year).getByText('4 to 12 hours')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: /Feedback removed per month, as a bar chart/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Feedback removed, month by month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(
      months.map(
        (month, index) =>
          `${new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}${['0', 'fewer than 5', '0', 'fewer than 5', '0', '6', '0', 'fewer than 5', '0', '13', '0', '12'][index]}`,
      ),
    );
  });

  it('writes the monthly figures as CSV with the same "fewer than 5" and no small number', () => {
    const csv = transparencyCsv(answer).split('\r\n');
    expect(csv[0]).toBe(
      `Month,"Feedback published","Feedback removed","Reports received","Reports resolved","Accounts deactivated","Providers hidden","Business claims approved","Business claims refused","Credentials verified","Credentials rejected","Credentials expired"`,
    );
    expect(csv[2]).toBe('2026-02,0,"fewer than 5",0,0,0,0,0,0,0,0,0');
    expect(csv[10]).toBe('2026-10,0,13,0,0,0,0,0,0,0,0,0');
    expect(csv).toHaveLength(14);
  });
});
