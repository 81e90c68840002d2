import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { StarRating } from './star-rating';

function EditableRating({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <StarRating value={value} onChange={setValue} label="Your rating" />
      <output>chosen {value}</output>
    </>
  );
}

describe('StarRating', () => {
  it('reads a read-only rating out with half stars', () => {
    renderWithProviders(<StarRating value={3.5} label="Average rating" />);
    expect(screen.getByRole('img', { name: 'Average rating: 3.5 out of 5 stars' })).toBeInTheDocument();
  });

  it('renders a read-only rating as one image of full, half and empty stars', () => {
    renderWithProviders(<StarRating value={3.5} label="Average rating" size="sm" />);
    const image = screen.getByRole('img', { name: 'Average rating: 3.5 out of 5 stars' });
    expect([...image.querySelectorAll('svg')].map((star) => star.getAttribute('data-fill'))).toEqual(['full', 'full', 'full', 'half', 'empty']);
    // Each star a 16 px square in a row with 2 px between (sm: 1 rem stars).
    expect([...image.querySelectorAll('svg')].map((star) => star.getAttribute('x'))).toEqual(['0', '18', '36', '54', '72']);
    expect(image.getAttribute('viewBox')).toBe('0 0 88 16');
  });

  it('rounds to the nearest half star and stays within 0 to 5', () => {
    renderWithProviders(
      <>
        <StarRating value={4.26} label="First" />
        <StarRating value={7} label="Second" />
        <StarRating value={-1} label="Third" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'First: 4.5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Second: 5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Third: 0 out of 5 stars' })).toBeInTheDocument();
  });

  it('offers no choices when it is not editable', () => {
    renderWithProviders(<StarRating value={4} />);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it('lets a user pick a half star by clicking', async () => {
    const { user } = renderWithProviders(<EditableRating />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(10);

    await user.click(screen.getByRole('radio', { name: '3.5 stars' }));
    expect(screen.getByText('chosen 3.5')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3.5 stars' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: '1 star' }));
    expect(screen.getByText('chosen 1')).toBeInTheDocument();
  });

  it('lets a keyboard user tab in and move by half stars with the arrow keys', async () => {
    const { user } = renderWithProviders(<EditableRating initial={3} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('chosen 3.5')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('chosen 2.5')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2.5 stars' })).toHaveFocus();
  });
});

describe('StarRating in whole stars', () => {
  function WholeStars() {
    const [value, setValue] = useState(0);
    return (
      <>
        <StarRating value={value} onChange={setValue} label="Rating" step={1} />
        <output>chosen {value}</output>
      </>
    );
  }

  it('offers one choice per star, none chosen at first', async () => {
    const { user } = renderWithProviders(<WholeStars />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByText('chosen 4')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('chosen 3')).toBeInTheDocument();
  });
});
