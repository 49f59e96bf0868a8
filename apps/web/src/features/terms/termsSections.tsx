import type { ReactNode } from 'react';
import { MINIMUM_AGE, type Catalogue } from '@rummage/contract';

export interface TermsSection {
  /** Stable anchor, so a support reply can link straight to e.g. /terms#prohibited-listings. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface TermsValues {
  product: string;
  email: string;
  /** The sections' headings in the page's language (the catalogue's `terms.sections`). */
  headings: Catalogue['terms']['sections'];
}

const paragraph = 'mb-3 leading-relaxed text-stone-700';
const list = 'mb-3 list-disc space-y-1 pl-6 text-stone-700';
const link = 'font-medium text-brand underline underline-offset-2 hover:no-underline';

/**
 * The Terms of Service, in the order docs/product.md §2 lists the topics. The headings come from the catalogue;
 * the body is the installation's legal text, in English until it is written for each language. The wording is written for a
 * self-hosted community marketplace: "we" is whoever runs this installation, not a company behind
 * the software, which is why product name and contact address come from the runtime config.
 */
export function termsSections({ product, email, headings }: TermsValues): TermsSection[] {
  const mail = (
    <a className={link} href={`mailto:${email}`}>
      {email}
    </a>
  );
  return [
    {
      id: 'age',
      title: headings.age,
      body: (
        <>
          <p className={paragraph}>
            You must be at least {MINIMUM_AGE} years old to create an account or use {product}. If you are
            under the age of majority where you live, you may use {product} only with the involvement of a
            parent or guardian, who is responsible for what you do here.
          </p>
          <p className={paragraph}>
            We may close any account we reasonably believe belongs to someone younger than {MINIMUM_AGE}.
          </p>
        </>
      ),
    },
    {
      id: 'maps-and-directions',
      title: headings.mapsAndDirections,
      body: (
        <>
          <p className={paragraph}>
            Listings and garage sales show an approximate place on a map, and you can open directions to a
            pickup spot or sale in a third-party maps service. Directions come from that service, not from{' '}
            {product}; check them yourself, follow local traffic rules and use your own judgement about
            routes. The maps service&apos;s own terms and privacy policy apply while you use it.
          </p>
          <p className={paragraph}>
            Map data &copy; OpenStreetMap contributors, available under the Open Database License. City
            suggestions use data from GeoNames, CC-BY 4.0. Location information can be incomplete or out of
            date, so always confirm the meeting place with the other person.
          </p>
        </>
      ),
    },
    {
      id: 'licence',
      title: headings.licence,
      body: (
        <>
          <p className={paragraph}>
            While you follow these terms, you may use {product} for personal, non-commercial buying and
            selling of second-hand goods. This permission is personal to you, cannot be transferred, and ends
            if your account is closed.
          </p>
          <p className={paragraph}>
            You may not copy, scrape or resell the listings, use automated tools to create accounts or
            messages, try to get around security or rate limits, or interfere with the service for others. The
            software itself may be available under an open-source licence; that licence covers the code, while
            these terms cover your use of this particular installation.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: headings.intellectualProperty,
      body: (
        <>
          <p className={paragraph}>
            You keep ownership of the photos and text you post. By posting them you allow {product} to store,
            resize and display them to other people for as long as they are on the service, so that your
            listings, profile and garage sales can be shown.
          </p>
          <p className={paragraph}>
            Only post photos you took yourself or have permission to use. Do not use other people&apos;s
            trademarks, logos or artwork in a way that suggests a connection that does not exist. If you
            believe something here infringes your rights, write to us at the address in the last section and
            we will look into it.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: headings.liability,
      body: (
        <>
          <p className={paragraph}>
            {product} is a place where neighbours find each other. We do not own, inspect or deliver the items
            listed, we are not a party to any sale, and we do not guarantee that an item is as described, that
            a buyer pays or that a seller shows up. The service is provided &ldquo;as is&rdquo;, without
            promises that it will always be available or free of errors.
          </p>
          <p className={paragraph}>
            As far as the law allows, our total liability to you for any claim about the service is limited to
            the fees you paid us in the 12 months before the claim arose. If you paid nothing, that amount is
            zero. Nothing in these terms limits liability that cannot be limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'no-bullying',
      title: headings.noBullying,
      body: (
        <p className={paragraph}>
          Treat other people with respect. Threats, insults, repeated unwanted messages, posting
          someone&apos;s personal details, and pressuring people to meet or to pay are not allowed. Haggling
          is fine; abuse is not. We may remove messages or listings and suspend accounts that harass others.
        </p>
      ),
    },
    {
      id: 'no-discrimination',
      title: headings.noDiscrimination,
      body: (
        <p className={paragraph}>
          You may not refuse to deal with someone, or treat them worse, because of their race, ethnicity,
          national origin, religion, sex, gender identity, sexual orientation, disability, age or any other
          protected characteristic. Listings and profiles must not contain hateful language or symbols.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: headings.privacy,
      body: (
        <>
          <p className={paragraph}>
            We collect what the service needs to work: your username, e-mail address, phone number, the
            approximate location you choose, your listings, photos, likes, follows and messages. We use them
            to run {product}, show you items nearby, keep the community safe and answer support requests. We
            do not sell your personal information.
          </p>
          <p className={paragraph}>
            Other people can see your username, profile photos, listings and the general area you sell from.
            Your saved location and radius are kept in your browser. You can ask us to correct or delete your
            data by writing to us.
          </p>
        </>
      ),
    },
    {
      id: 'account-rules',
      title: headings.accountRules,
      body: (
        <ul className={list}>
          <li>Give accurate information when you register and keep your e-mail address up to date.</li>
          <li>Keep your password to yourself; you are responsible for activity on your account.</li>
          <li>One account per person. Do not impersonate anyone or create accounts for someone else.</li>
          <li>Tell us straight away if you think someone else has used your account.</li>
          <li>We may suspend or close accounts that break these terms.</li>
        </ul>
      ),
    },
    {
      id: 'prohibited-listings',
      title: headings.prohibitedListings,
      body: (
        <>
          <p className={paragraph}>Only list things you own and are allowed to sell. Do not list:</p>
          <ul className={list}>
            <li>weapons, ammunition, explosives or fireworks;</li>
            <li>drugs, alcohol, tobacco, vaping products or prescription medicine;</li>
            <li>stolen, counterfeit or recalled goods;</li>
            <li>animals, or items made from protected species;</li>
            <li>adult content, or anything illegal where you or the buyer live;</li>
            <li>services, jobs, real estate, or listings that only advertise another website.</li>
          </ul>
          <p className={paragraph}>
            Describe items honestly, including any damage, and mark them sold once they are gone. Any member
            can report a listing, and we may remove listings that break these rules.
          </p>
        </>
      ),
    },
    {
      id: 'safety',
      title: headings.safety,
      body: (
        <ul className={list}>
          <li>Meet in a public, well-lit place, and bring someone with you when you can.</li>
          <li>Inspect the item before you pay, and never send money in advance to a stranger.</li>
          <li>Keep your conversation in {product} messages; do not share personal details or open links.</li>
          <li>For a garage sale at home, keep valuables out of sight and do not let buyers in alone.</li>
          <li>If something feels wrong, leave, and report the person to us. In an emergency, call 911.</li>
        </ul>
      ),
    },
    {
      id: 'payment',
      title: headings.payment,
      body: (
        <p className={paragraph}>
          Most sales are settled in person between buyer and seller. Where {product} offers paid features,
          payment is handled by a third-party card payment provider; we never see or store your full card
          number. The provider&apos;s terms apply to the payment, prices are shown before you pay, and fees
          are not refundable except where the law requires.
        </p>
      ),
    },
    {
      id: 'acknowledgment',
      title: headings.acknowledgment,
      body: (
        <p className={paragraph}>
          By creating an account or using {product}, you confirm that you have read and accept these terms. We
          may update them from time to time; when the changes are significant we will let you know through the
          service, and continuing to use {product} afterwards means you accept the updated terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: headings.contact,
      body: (
        <p className={paragraph}>
          Questions about these terms, a report, or a request about your data? E-mail us at {mail}, or use the
          support page when you are signed in.
        </p>
      ),
    },
  ];
}
