/**
 * The accessibility statement (/accessibility, linked from the footer): what the product aims for, how it is tested,
 * what is known not to work and how to report a barrier. `{product}` and `{email}` are filled in with `fillText`.
 * Keep it true: when the tests or the known limitations change, change this too (docs/testing.md), and its German
 * and Spanish in the catalogues (`accessibility` in locales/de.ts and es.ts), of which it is a part.
 */
export const ACCESSIBILITY_STATEMENT = {
  title: 'Accessibility - {product}',
  heading: 'Accessibility statement',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  intro:
    '{product} should be usable by everyone, however they use the web. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.',
  sections: [
    {
      id: 'how-we-test',
      heading: 'How we test',
      items: [
        'Every journey of our automated browser tests (registering, listing an item, messaging, garage sales, support and the staff console) checks its pages with axe-core; a serious or critical finding fails the build.',
        'One journey (registering, listing an item and messaging a seller) is done with the keyboard alone, and checks that the focused control is never hidden under the sticky header.',
        'Pages are checked and photographed at 375 px (a phone) and 1280 px (a laptop) wide; nothing should need sideways scrolling at 375 px.',
        'Status messages, such as a sent message, a copied link, a changed listing or the number of city suggestions, are announced to screen readers, and our component tests check that they are.',
      ],
    },
    {
      id: 'known-limitations',
      heading: 'Known limitations',
      items: [
        'Maps (a listing’s meetup area, a garage sale’s location and the route planner) are pictures of map tiles that a screen reader cannot explore. The place is always also given as text, and a link opens it in a maps service (for a garage sale, once it has started).',
        'Photos are described by the listing’s title only; sellers cannot yet write their own descriptions.',
        'An installation may replace the built-in captcha, which solves itself, with a third-party one that brings barriers of its own.',
      ],
    },
    {
      id: 'report-a-barrier',
      heading: 'Report a barrier',
      items: [
        'If something on {product} is hard or impossible for you to use, please tell us. Signed in, open a ticket on the support page (choose “system bug”) and our team answers you there; or write to {email}.',
        'Tell us the page, what you were trying to do, and the browser and assistive technology you use, if any.',
      ],
    },
  ],
  supportLink: 'Open the support page',
} as const;
