/**
 * The service taxonomy: the product's 14 groups (docs/product/categories.md), each completed with the subcategories a UK trades
 * directory lists. It seeds the categories area in DynamoDB (the admin manages it from there), so
 * code that needs the live list reads the API, and this module is the starting data and the
 * vocabulary of slugs.
 */
export interface TaxonomyGroup {
  readonly name: string;
  readonly slug: string;
  readonly subcategories: readonly { readonly name: string; readonly slug: string }[];
}

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      // Every run is one dash by now.
      .replace(/^-|-$/g, '')
  );
}

const groups: Record<string, string[]> = {
  'Cars/Vehicles': ['Mechanic', 'Car Valeting', 'MOT & Servicing', 'Body Repairs', 'Tyres', 'Mobile Mechanic'],
  'Cleaning & Removal Services': ['Domestic Cleaning', 'End of Tenancy Cleaning', 'Carpet Cleaning', 'Window Cleaning', 'Removals', 'Waste Removal'],
  'Construction/Trade': ['Plumber', 'Electrician', 'Builder', 'Carpenter', 'Roofer', 'Plasterer', 'Tiler', 'Locksmith'],
  Education: ['Tutoring', 'Language Lessons', 'Music Lessons', 'Driving Lessons', 'Exam Preparation'],
  Events: ['Weddings', 'Catering', 'DJ', 'Event Planning', 'Party Entertainment'],
  'Fitness, Health and Wellbeing': ['Personal Training', 'Yoga', 'Massage', 'Nutrition', 'Physiotherapy'],
  'Gardening and Outdoors': ['Gardener', 'Landscaping', 'Tree Surgery', 'Fencing', 'Lawn Care'],
  'Hair & Beauty': ['Hairdresser', 'Barber', 'Makeup Artist', 'Nail Technician', 'Beauty Therapist'],
  IT: ['Web Development', 'Computer Repair', 'IT Support', 'Software Development', 'Networking'],
  'Legal and Financial Services': ['Accountancy', 'Bookkeeping', 'Solicitor', 'Tax Advice', 'Mortgage Advice'],
  'Marketing & Advertising': ['Social Media Marketing', 'SEO', 'Graphic Design', 'Copywriting', 'Digital Marketing'],
  'Music, Photography and Visuals': ['Photography', 'Videography', 'Musician', 'Music Production', 'Drone Filming'],
  'Painting, Decorating and Interior Design': ['Painter & Decorator', 'Interior Design', 'Wallpapering', 'Flooring', 'Kitchen Fitting'],
  'Pets/Animals': ['Dog Walking', 'Pet Sitting', 'Dog Grooming', 'Dog Training', 'Pet Boarding'],
};

export const TAXONOMY: readonly TaxonomyGroup[] = Object.entries(groups).map(([name, subs]) => ({
  name,
  slug: slugify(name),
  subcategories: subs.map((sub) => ({ name: sub, slug: slugify(sub) })),
}));
