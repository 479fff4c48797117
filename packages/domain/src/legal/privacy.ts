import type { LegalDocument } from './docs.ts';

/**
 * The privacy policy. What it lists follows what the code does: the cookies of docs/product/routes.md#cookies
 * and spec §9, the payment providers of docs/product/commerce.md#providers, the moderation records of
 * docs/product/moderation.md. Change it in the same commit as the behaviour it describes.
 */
const privacy: LegalDocument = {
  doc: 'privacy',
  title: 'Privacy Policy',
  updated: '2026-11-28',
  intro: [
    'This policy explains what personal data {{operator_name}} ("we", "us") collects when you use Mirage at {{site_url}} (the "service"), why we use it, how long we keep it, who we share it with and which rights you have. It applies to visitors and to account holders.',
    'Mirage is a service for adults only. We do not knowingly collect data from anyone under 18; an account we find to belong to a minor is closed and its data deleted.',
  ],
  sections: [
    {
      id: 'controller',
      heading: '1. Who is responsible',
      body: [
        'The controller of your personal data is {{operator_name}}, {{operator_address}}. You can reach us about anything in this policy at {{contact_email}}. Where the law of your country requires a representative or a data protection officer, their contact details are given on request at the same address.',
      ],
    },
    {
      id: 'data',
      heading: '2. What we collect',
      body: [
        'We collect only what the service needs to work:',
        [
          'Account data: your username, email address, a hash of your password (never the password itself), your interface language, your "keep me updated" choice and, if you sign in with Google or Discord, the identifier and email address that provider gives us.',
          'Content: the prompts you write (positive and negative), the settings of each generation, the images generated for you, images you upload for a tweak, your favourites, saved prompts, boards and reports you send.',
          'Game and profile data: experience, levels, streaks, achievements, rewards and cosmetics, daily tasks, referral codes and the accounts you referred, and your public profile.',
          "Purchase data: what you bought, the amount, currency, date, order status and the payment provider's transaction reference. Card and wallet details are entered with the payment provider and never reach us.",
          'Technical data: your IP address, browser type, the time of each request and error reports, kept in server logs and used for rate limits and security.',
          "Safety data: prompts refused by our child-safety filter, strikes, reports about images, moderators' decisions and notes.",
          'Free trial without an account: the prompt and settings of the one image a visitor may try, the image, and the IP address it was asked from (to allow one a day), kept for 24 hours unless the visitor signs up in the same browser, when they join the new account.',
          'Page statistics, only if you accept all cookies and only where we have turned them on: which kind of page was visited (never which image or which user), the referring site, and your browser, device type and country, counted without cookies and without an identifier that follows you.',
        ],
      ],
    },
    {
      id: 'sensitive',
      heading: '3. Sensitive information',
      body: [
        'Prompts, images and favourites may reveal your sexual preferences, which data protection law treats as special category data. We use this data only to provide the service you ask for (generating, storing and showing your images) and to keep the service safe. We do so on the basis of your explicit consent, given when you create an account and confirm that you are an adult; you can withdraw it at any time by deleting the content concerned or your account. We never use it for advertising or profiling.',
      ],
    },
    {
      id: 'purposes',
      heading: '4. Why we use it, and on what legal basis',
      body: [
        [
          'To provide the service: your account, generation, storage, galleries, collections, the shop and the game features. Basis: performance of our contract with you (GDPR and UK GDPR Art. 6(1)(b)).',
          'To take payments and keep accounting records. Basis: contract, and our legal obligations under tax and accounting law (Art. 6(1)(c)).',
          'To keep the service safe: child-safety and moderation filters on every prompt, strikes, handling reports and notices, preventing fraud, abuse and attacks. Basis: our legitimate interest in a lawful and safe service, and legal obligations where the law requires us to act on illegal content (Art. 6(1)(c) and (f)).',
          'To send service mail: account verification, password reset, receipts and notices about your account. Basis: contract. News and offers are sent only if you turned on "keep me updated", on the basis of your consent (Art. 6(1)(a)), which you can withdraw in the settings.',
          'To remember your choices in cookies and local storage (below). Basis: these are strictly necessary for features you ask for, or our legitimate interest in a working interface.',
          'To let a visitor try one image without an account, and to stop the trial being abused. Basis: steps taken at your request before a contract, and our legitimate interest in a fair trial (Art. 6(1)(b) and (f)).',
          'To understand how the service is used (page statistics), with a self-hosted, cookie-less tool (Plausible). Basis: your consent, given by accepting all cookies (Art. 6(1)(a)); choosing essential cookies only turns it off.',
        ],
        'We do not sell your personal data, we do not share it for cross-context behavioural advertising, and we do not show third-party advertising.',
      ],
    },
    {
      id: 'automated',
      heading: '5. Automated decisions',
      body: [
        'Every prompt passes automated filters before anything is generated. A prompt that suggests a minor is refused and counts as a strike; within 30 days, 3 strikes bring a warning, 5 a review by a moderator and 8 a suspension of generation until a moderator lifts it. You can contest any such decision by writing to {{contact_email}}; a person will review it.',
      ],
    },
    {
      id: 'cookies',
      heading: '6. Cookies and local storage',
      body: [
        'We use only first-party cookies that the service needs or that remember what you chose. We use no advertising or cross-site tracking cookies.',
        [
          'Session and sign-in state: keep you signed in; 30 days.',
          'Language: your interface language; 1 year.',
          'Audio: sounds on or off and their volume; 1 year.',
          'Version: the app version you last saw, to show what is new; 1 year.',
          'Cookie consent: your answer to the cookie banner; 1 year.',
          'Selected styles: the styles last picked in the generator; 1 day.',
          'Referral: the referral code you arrived with, until you sign up; 1 day.',
          'Product tour: that you closed the guided tour; 1 day.',
          'Larger font: your larger-text preference; 1 day.',
          'Daily task: the community page the daily task sends you to; 30 days.',
          'Guest trial: lets the browser that tried a free image see it, and hands it to the account you sign up with; 24 hours.',
        ],
        "Your browser's local storage also keeps generator and tweak settings, your gallery view choices, your confirmation that you are over 18 and your shop currency. When you are signed in, the generator also keeps your latest generations in your browser's database, so that they show at once; signing out clears them. The installable app keeps the site's files and gallery thumbnails in your browser's cache so that it opens offline; signing out removes your private thumbnails from it. All this stays on your device; you can clear it in your browser at any time.",
      ],
    },
    {
      id: 'sharing',
      heading: '7. Who we share data with',
      body: [
        'We share personal data only with service providers who process it for us under a written agreement and our instructions, and only what each needs:',
        [
          'Hosting and storage providers, which run our servers, database and image storage.',
          "GPU compute providers, which receive a generation's prompt and settings (never your account details) to produce the image.",
          'Email delivery providers, which send our service mail.',
          'Payment providers (for cards, CCBill; for cryptocurrency, NOWPayments), which process your payment as independent controllers under their own privacy policies.',
          'Sign-in providers (Google, Discord), if you choose to use them, under their own privacy policies.',
        ],
        'Key resellers who sell Mirage serial keys are independent sellers; we learn only that a key was redeemed. We also disclose data where the law requires it, for example to a court or to authorities, and we report apparent child sexual abuse material to the competent authorities (such as NCMEC in the United States).',
        'What you make public (your username, profile, public images and their prompts, leaderboard positions) is visible to everyone. Images you mark private are shown to you alone.',
      ],
    },
    {
      id: 'transfers',
      heading: '8. International transfers',
      body: [
        "Some providers process data outside the European Economic Area or the United Kingdom. Where the destination has no adequacy decision, we rely on the European Commission's Standard Contractual Clauses or the UK International Data Transfer Addendum, with additional safeguards where needed. You can ask for a copy at {{contact_email}}.",
      ],
    },
    {
      id: 'retention',
      heading: '9. How long we keep it',
      body: [
        [
          'Account data, content and game data: while your account exists. When you delete an image it is removed at once; when your account is deleted, its data is erased within 30 days and from backups within a further 60 days.',
          'Purchase records: as long as tax and accounting law requires, usually up to 10 years.',
          'Server logs with IP addresses: 30 days, unless needed to investigate an attack or abuse.',
          'Safety data (refused prompts, strikes, reports, moderation decisions): up to 2 years after the event, or longer where it is evidence in a legal matter or a report to authorities.',
          'Email verification and password-reset links: until they expire or are used.',
        ],
      ],
    },
    {
      id: 'security',
      heading: '10. Security',
      body: [
        'Connections are encrypted (HTTPS), passwords are stored only as Argon2 hashes, session cookies are HttpOnly, and access to personal data within our team is limited to those who need it. No system is perfectly secure; if a breach puts your rights at risk, we will tell you and the authorities as the law requires.',
      ],
    },
    {
      id: 'rights',
      heading: '11. Your rights',
      body: [
        "Under the GDPR and the UK GDPR you have the right to access your data, to have it corrected, to have it erased, to restrict or object to its use, to receive it in a portable format, and to withdraw consent at any time without affecting what was done before. You may also complain to a supervisory authority, in particular where you live or work (in the UK, the Information Commissioner's Office).",
        'If you are a California resident, the CCPA as amended by the CPRA gives you the right to know what personal information we collect, use and disclose, to access it, to have it corrected or deleted, to limit the use of sensitive personal information, and not to be discriminated against for using these rights. We do not sell or share personal information as those laws define it. You may use an authorised agent; we will verify the request. Residents of other US states with similar laws have the same rights here.',
        "To use any right, write to {{contact_email}} from your account's email address (or tell us your username); we may ask you to confirm your identity. We answer within one month (45 days under the CCPA), and may extend this where the law allows. You can also ask us to delete your account this way.",
      ],
    },
    {
      id: 'changes',
      heading: '12. Changes to this policy',
      body: [
        'We update this policy when the service or the law changes. The date at the top says when it last changed; for significant changes we will tell account holders by email or in the service before they take effect.',
      ],
    },
    {
      id: 'contact',
      heading: '13. Contact',
      body: ['{{operator_name}}, {{operator_address}}. Email: {{contact_email}}.'],
    },
  ],
};

export default privacy;
