/** The seven services, in the order the site shows them. */
export const services = [
  {
    title: 'Kitchen Renovations',
    summary: 'Custom kitchens designed around how you cook, gather and live.',
    description:
      'From compact galley kitchens to open-plan family kitchens with a statement island, we design, build and install every cabinet in our own workshop. Stone and laminate benchtops, integrated appliances, soft-close hardware and clever corner storage are all part of the plan, and one team looks after the whole job from the first measure to the final clean.',
  },
  {
    title: 'Bathroom Renovations',
    summary: 'Bathrooms and ensuites that are easy to clean and lovely to use.',
    description:
      'We strip out tired bathrooms and rebuild them properly: waterproofing to Australian Standards, tiling, frameless showers, freestanding baths, wall-hung vanities and shaving cabinets made to fit. Our licensed trades are coordinated by one project manager, so you know who is on site each day and when your bathroom will be back in use.',
  },
  {
    title: 'TV Units & Living Spaces',
    summary: 'Entertainment units and feature walls that hide the clutter.',
    description:
      'Floating TV cabinets, full-height media walls, fireplace surrounds and display shelving, built to the millimetre for your living room. We plan cable runs, ventilation for your devices and lighting in the niches, so the finished wall looks clean and everything still works.',
  },
  {
    title: 'Wardrobes & Storage Solutions',
    summary: 'Walk-in and built-in wardrobes with a place for everything.',
    description:
      'Walk-in robes, reach-in wardrobes with sliding or hinged doors, linen cupboards and under-stair storage. We measure what you own, then lay out hanging space, drawers, shoe shelves and accessories so mornings run smoothly, with internal lighting and mirrors where they help.',
  },
  {
    title: 'Study Units & Home Offices',
    summary: 'Workspaces that fit the room and close up neatly after hours.',
    description:
      'Built-in desks, bookshelves, filing drawers and overhead storage for a dedicated study or a nook off the living room. We build in cable management, power and lighting, and can add doors so the office disappears when the working day is done.',
  },
  {
    title: 'Laundry Fitouts',
    summary: 'Hard-working laundries with room to sort, fold and store.',
    description:
      'Full laundry renovations and cabinet fitouts with stacked or side-by-side appliances, deep sinks, pull-out hampers, broom cupboards and bench space for folding. Durable, moisture-resistant materials keep the room looking new for years.',
  },
  {
    title: 'Outdoor BBQ Kitchens',
    summary: 'Alfresco kitchens built for Melbourne weather.',
    description:
      'Outdoor kitchens with built-in barbecues, sinks, bar fridges and storage, made from marine-grade and UV-stable materials that stand up to sun and rain. We design the layout around your deck or patio so cooking and entertaining happen in the same space.',
  },
] as const;
