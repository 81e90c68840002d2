/** The words the demo directory is made of: trades, names, bios and reviews (demo-directory.ts puts them together). */

/** What each trade is called in business names, what it lists as skills, and what its bios say it does. */
export interface Trade {
  readonly names: readonly string[];
  readonly skills: readonly string[];
  readonly does: readonly string[];
}

// prettier-ignore
export const TRADES: Readonly<Record<string, Trade>> = {
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

// prettier-ignore
export const FIRST_NAMES = [
  'Amelia', 'Oliver', 'Isla', 'Harry', 'Ava', 'George', 'Mia', 'Noah', 'Freya', 'Jack', 'Priya', 'Mohammed', 'Sian', 'Callum', 'Niamh', 'Tomasz', 'Aisha', 'Rhys',
  'Chloe', 'Daniel', 'Grace', 'Kwame', 'Hannah', 'Liam', 'Sophie', 'Arjun', 'Megan', 'Ewan', 'Zara', 'Joe', 'Eilidh', 'Ben', 'Fatima', 'Connor', 'Ruby', 'Dev',
];
// prettier-ignore
export const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Khan', 'Patel', 'Campbell', 'Murphy', 'Hughes', 'Walker', 'Novak',
  'Okafor', 'Davies', 'Robertson', 'Stewart', 'Ahmed', 'Clarke', 'Singh', 'Wright', 'Green', 'Hall', 'Wood', 'Kowalski', 'Morgan', 'Bennett', 'Fraser', 'Lewis',
];
// prettier-ignore
export const PLACE_WORDS = ['Oak Tree', 'Bluebell', 'Northern Star', 'Castle', 'Riverside', 'Evergreen', 'Hilltop', 'Keystone', 'Cornerstone', 'Willow', 'Kingfisher', 'Redbrick', 'Harbour', 'Meadow', 'Summit', 'Beacon', 'Acorn', 'Parkside', 'Heritage', 'Greenway'];
// prettier-ignore
export const OPENINGS = [
  (years: number) => `${years} years' experience in`,
  () => 'Family-run business offering',
  () => 'Friendly, reliable and local: specialists in',
  (years: number, year: number) => `Established ${year - years}, offering`,
  () => 'Independent, owner-run service for',
];
// prettier-ignore
export const CLOSINGS = ['Free, no-obligation quotes.', 'Fully insured.', 'Happy to give references from recent customers.', 'Flexible hours, evenings and weekends included.', 'Get in touch for a quick reply.'];

// prettier-ignore
export const REVIEW_WORDS: Readonly<Record<number, { readonly titles: readonly string[]; readonly descriptions: readonly string[] }>> = {
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
// prettier-ignore
export const REPLIES = ['Thank you, it was a pleasure working with you.', 'Thanks for the kind words, see you next time!', 'Thank you for the feedback, we have taken it on board.'];
