import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORY_CHIP_MAX_CHARS, CATEGORY_CHIPS_SHOWN } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';
import { TaxonomyPicker } from './taxonomy-picker';

const category = (name: string, index: number) => ({
  id: name,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  displayOrder: index + 1,
  providerCount: 0,
});
const groups = [
  { name: 'Construction/Trade', slug: 'construction-trade', displayOrder: 1, categories: ['Plumber', 'Electrician'].map(category), providerCount: 0 },
  { name: 'Painting, Decorating and Interior Design', slug: 'painting', displayOrder: 2, categories: ['Wallpapering'].map(category), providerCount: 0 },
];

function Harness({ initial = [], onChange }: { initial?: string[]; onChange: (value: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TaxonomyPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

beforeEach(() => {
  stubApi({ listCategories: () => ({ groups }) });
});

async function open(initial?: string[]) {
  const onChange = vi.fn();
  const view = renderWithProviders(<Harness initial={initial} onChange={onChange} />);
  await screen.findByRole('option', { name: 'Construction/Trade' });
  return { ...view, onChange };
}

describe('taxonomy picker', () => {
  it('adds one subcategory of a group from the live taxonomy', async () => {
    const { user, onChange } = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service group' }), 'Construction/Trade');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Plumber');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(onChange).toHaveBeenLastCalledWith(['Construction/Trade > Plumber']);
    expect(within(screen.getByRole('list', { name: 'Chosen categories' })).getByText('Plumber')).toBeInTheDocument();
  });

  it('adds a whole group, which covers the subcategories already chosen from it', async () => {
    const { user, onChange } = await open(['Construction/Trade > Plumber', 'Other: Pool cleaning']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service group' }), 'Construction/Trade');
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveDisplayValue('All of Construction/Trade');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(onChange).toHaveBeenLastCalledWith(['Other: Pool cleaning', 'Construction/Trade']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Electrician');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(onChange).toHaveBeenLastCalledWith(['Other: Pool cleaning', 'Construction/Trade']);
  });

  it('adds "Other: text", trimmed, when Enter is pressed in its field', async () => {
    const { user, onChange } = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service group' }), 'Other');
    expect(screen.getByRole('button', { name: 'Add category' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Other service' }), '  Pool cleaning {Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['Other: Pool cleaning']);
    expect(screen.getByRole('textbox', { name: 'Other service' })).toHaveValue('');
  });

  it(`shows ${CATEGORY_CHIPS_SHOWN} chips, then "+N more", and truncates long names`, async () => {
    const chosen = [
      'Construction/Trade',
      'Painting, Decorating and Interior Design',
      'Other: Pool cleaning',
      'Construction/Trade > Roofer',
      'Other: Drone surveys',
    ];
    const { user } = await open(chosen);
    const list = screen.getByRole('list', { name: 'Chosen categories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(CATEGORY_CHIPS_SHOWN);
    const long = within(list).getByTitle('Painting, Decorating and Interior Design');
    expect(long.textContent).toHaveLength(CATEGORY_CHIP_MAX_CHARS);
    expect(long.textContent).toMatch(/…$/);

    await user.click(screen.getByRole('button', { name: `+${chosen.length - CATEGORY_CHIPS_SHOWN} more` }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(chosen.length);
    expect(within(list).getByText('Drone surveys')).toBeInTheDocument();
  });

  it('removes a chip', async () => {
    const { user, onChange } = await open(['Construction/Trade > Plumber', 'Other: Pool cleaning']);
    await user.click(screen.getByRole('button', { name: 'Remove Construction/Trade > Plumber' }));
    expect(onChange).toHaveBeenLastCalledWith(['Other: Pool cleaning']);
    expect(screen.queryByText('Plumber')).not.toBeInTheDocument();
  });
});
