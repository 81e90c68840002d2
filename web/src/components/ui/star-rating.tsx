import { Box, chakra, HStack, Icon, VisuallyHidden } from '@chakra-ui/react';
import { useId, useImperativeHandle, useRef, type Ref } from 'react';
import { FaRegStar, FaStar, FaStarHalfAlt } from 'react-icons/fa';

export interface StarRatingProps {
  /** 0 to `max` in half steps; other values are rounded to the nearest half. */
  value: number;
  max?: number;
  /** When given, the rating can be chosen by pointer (either half of a star) or keyboard. */
  onChange?: (value: number) => void;
  /** Names the rating for assistive tech, e.g. "Your rating". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** What an editable rating moves by: half stars (the default) or whole stars. */
  step?: 0.5 | 1;
  /** The id of a message about the choice (an error under the stars), read out with the group. */
  describedBy?: string;
  /** Focuses the chosen star, or the first while none is (a form's focus on its first invalid field). */
  inputRef?: Ref<{ focus: () => void }>;
}

/** A star's square in pixels at the default root size (1, 1.25 and 1.75 rem), and the gap between stars (0.125 rem). */
const STAR_PX = { sm: 16, md: 20, lg: 28 } as const;
const STAR_GAP_PX = 2;
/** Pixels at the default root size in rem, so the stars grow with the reader's text size. */
const rem = (px: number) => `${px / 16}rem`;
const GLYPHS = { full: FaStar, half: FaStarHalfAlt, empty: FaRegStar } as const;
type Fill = keyof typeof GLYPHS;
const STAR_COLOUR: Record<Fill, string> = { full: 'orange.600', half: 'orange.600', empty: 'gray.500' };
/** The read-only image's stars, coloured by their fill. */
const STAR_COLOURS = Object.fromEntries(Object.entries(STAR_COLOUR).map(([fill, color]) => [`& [data-fill=${fill}]`, { color }]));

function roundToHalf(value: number, max: number): number {
  return Math.min(max, Math.max(0, Math.round(value * 2) / 2));
}

function starsLabel(value: number): string {
  return `${value} ${value === 1 ? 'star' : 'stars'}`;
}

function StarGlyph({ fill }: { fill: Fill }) {
  const Glyph = GLYPHS[fill];
  return (
    <Icon aria-hidden="true" color={STAR_COLOUR[fill]} boxSize="full">
      <Glyph />
    </Icon>
  );
}

/**
 * A read-only rating as one image: each star's icon placed in it, in a square of the size with the glyph centred, the
 * squares 0.5 apart, sized in rem as the editable stars are. One styled element where a row of boxes and icons was
 * eleven: a directory page renders twenty ratings, and the browser works out each styled element's styles as the page
 * starts.
 */
function StarsImage({ fills, size, label }: { fills: readonly Fill[]; size: keyof typeof STAR_PX; label: string }) {
  const star = STAR_PX[size];
  const width = fills.length * star + (fills.length - 1) * STAR_GAP_PX;
  return (
    <chakra.svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${star}`}
      display="block"
      flexShrink="0"
      width={rem(width)}
      height={rem(star)}
      css={STAR_COLOURS}
    >
      {fills.map((fill, index) => {
        const Glyph = GLYPHS[fill];
        return <Glyph key={index} data-fill={fill} x={index * (star + STAR_GAP_PX)} size={String(star)} aria-hidden="true" />;
      })}
    </chakra.svg>
  );
}

/**
 * Stars from 0 to 5 with half stars. Read-only it is one image with a text alternative; editable it
 * is a group of native radio buttons, one per step (half or whole star), so arrow keys, Tab and screen readers
 * behave as they do for any radio group.
 */
export function StarRating({ value, max = 5, onChange, label = 'Rating', size = 'md', step = 0.5, describedBy, inputRef }: StarRatingProps) {
  const name = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(inputRef, () => ({
    focus: () => (groupRef.current?.querySelector<HTMLInputElement>('input:checked') ?? groupRef.current?.querySelector<HTMLInputElement>('input'))?.focus(),
  }));
  const shown = roundToHalf(value, max);
  const stars = Array.from({ length: max }, (_, index) => index + 1);
  const fillOf = (star: number): Fill => (shown >= star ? 'full' : shown >= star - 0.5 ? 'half' : 'empty');

  if (!onChange) return <StarsImage fills={stars.map(fillOf)} size={size} label={`${label}: ${shown} out of ${max} stars`} />;

  return (
    <HStack as="fieldset" ref={groupRef} gap={rem(STAR_GAP_PX)} border="0" p="0" m="0" aria-describedby={describedBy}>
      <VisuallyHidden as="legend">{label}</VisuallyHidden>
      {stars.map((star) => (
        <Box
          key={star}
          position="relative"
          boxSize={rem(STAR_PX[size])}
          borderRadius="sm"
          css={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' } }}
        >
          <StarGlyph fill={fillOf(star)} />
          {(step === 1 ? [star] : [star - 0.5, star]).map((option, index, options) => (
            <Box
              as="label"
              key={option}
              position="absolute"
              top="0"
              insetStart={index === 0 ? '0' : '50%'}
              width={options.length === 1 ? 'full' : '50%'}
              height="full"
              cursor="pointer"
            >
              <VisuallyHidden asChild>
                <input type="radio" name={name} value={option} checked={shown === option} onChange={() => onChange(option)} aria-label={starsLabel(option)} />
              </VisuallyHidden>
            </Box>
          ))}
        </Box>
      ))}
    </HStack>
  );
}
