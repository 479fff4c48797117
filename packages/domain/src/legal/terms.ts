import type { LegalDocument } from './docs.ts';

/**
 * The terms of service. The plans, tickets and energy follow docs/product/pricing-and-plans.md and
 * docs/product/commerce.md; moderation and strikes docs/product/moderation.md. Change it in the same commit
 * as the rule it describes.
 */
const terms: LegalDocument = {
  doc: 'terms',
  title: 'Terms of Service',
  updated: '2026-11-27',
  intro: [
    'These terms are the agreement between you and {{operator_name}}, {{operator_address}} ("we", "us"), for the use of Mirage at {{site_url}} (the "service"), an AI image-generation service for adults. By creating an account or using the service you accept these terms, our Privacy Policy, our Notice and Takedown Policy and our 18+ Statement. If you do not accept them, do not use the service.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: '1. Adults only',
      body: [
        'You must be at least 18 years old, and of the age of majority where you live if that is higher, to use the service. By using it you confirm that you are, and that viewing sexually explicit material is lawful where you are. Where the law requires it, we may ask you to confirm your age through an age-assurance provider before you can see explicit content or generate images. Accounts of minors are closed.',
      ],
    },
    {
      id: 'accounts',
      heading: '2. Your account',
      body: [
        'An account is for one person. Give a valid email address, keep your password secret and tell us at {{contact_email}} if you think someone else has used your account; you are responsible for what is done with it. Usernames must not impersonate anyone or be offensive. You may not sell, share or transfer your account.',
      ],
    },
    {
      id: 'plans',
      heading: '3. Plans, tickets and energy',
      body: [
        [
          'Free accounts can generate a limited number of images each day. The Basic and Pro plans are monthly subscriptions with a daily energy allowance and additional features, as described in the shop.',
          "Tickets pay for images and other actions; their cost is shown before you start a task. Tickets you buy do not expire while your account exists. Energy is a daily allowance of a paid plan; it is reset to the plan's value at 00:00 UTC and does not carry over.",
          'Tickets, energy, experience, levels and rewards are licences to use features of the service. They have no cash value, cannot be exchanged for money, and cannot be transferred or sold, except as the service itself allows (for example serial keys).',
          'A task that fails on our side is refunded automatically in the tickets or energy it cost.',
        ],
      ],
    },
    {
      id: 'payments',
      heading: '4. Payments and subscriptions',
      body: [
        "Prices are shown in the shop in US dollars or euros before you pay, including any taxes we are required to collect. Payments are processed by our payment providers (CCBill for cards, NOWPayments for cryptocurrency) under their own terms; your card statement may show the provider's name. Serial keys bought from a third-party reseller are sold by that reseller under its terms; we only redeem them.",
        'A subscription runs one month and renews through the payment provider until you cancel it. Cancelling stops future renewals; the month already paid runs to its end. We may change prices for future periods; a change to a running subscription applies from its next renewal and is announced in advance.',
      ],
    },
    {
      id: 'refunds',
      heading: '5. Right of withdrawal and refunds',
      body: [
        'Tickets and plans are digital content and services supplied immediately. If you are a consumer in the EU or the UK, you have a 14-day right of withdrawal; when you buy, you ask us to supply at once and acknowledge that you lose that right for tickets once they are credited to your account, and for a plan once its energy is credited. This does not affect your rights if what we supply is faulty or not as described.',
        'If something you bought was not delivered or did not work, write to {{contact_email}} with your order number within 30 days; we will credit or refund it. Cryptocurrency payments can only be refunded as a credit or in the same currency at our discretion. A refund or chargeback through your bank or the provider takes back what it paid for (as far as your balance allows) and puts the account under review.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '6. What you may not create or do',
      body: [
        'You are responsible for your prompts, for the images you upload and for what you do with the images you make. You must not use the service to create, upload, request or share:',
        [
          'Any content that depicts, suggests or sexualises a minor, in any form, including fictional, drawn, animated or "youthful-looking" characters, and any attempt to get around our safeguards against this. There are no exceptions.',
          'Images of a real, identifiable person without their consent, including public figures, and any sexual or intimate depiction of a real person (so-called deepfakes).',
          'Content depicting sexual violence or non-consensual sexual acts, sexual content involving real animals, incest, or extreme violence or gore.',
          "Content that is illegal where you are or where we are, that harasses, threatens or defames anyone, that promotes terrorism or hatred against people for who they are, or that infringes anyone's copyright, trademark or other rights.",
          'Spam, malware, or content meant to deceive people about whether an image is real.',
        ],
        'You must also not: circumvent or probe our filters, limits or security; use automated means to access the service except through the documented API within its rate limits; resell access to the service; or interfere with other users or the service.',
      ],
    },
    {
      id: 'moderation',
      heading: '7. Moderation, strikes and reports',
      body: [
        'Every prompt passes automated filters before anything is generated. The child-safety filter cannot be switched off. A prompt it refuses counts as a strike: within 30 days, 3 strikes bring a warning, 5 a review of the account by a moderator and 8 a suspension of generation, tweaks and upscales until a moderator lifts it. Other words may be refused or removed from a prompt without a strike.',
        'You can report any image through its menu. We review reports and notices, remove content that breaks these terms or the law, and may suspend or close the accounts involved. We report apparent child sexual abuse material to the competent authorities. When we restrict your content or account we tell you why, unless the law or safety prevents it; you can contest any decision by writing to {{contact_email}} within six months, and a person who did not take the decision will review it.',
      ],
    },
    {
      id: 'content',
      heading: '8. Your content and the images you make',
      body: [
        'You keep whatever rights you have in your prompts and in the images you upload. As between you and us, the images generated for you belong to you, and we assign to you any rights we may have in them. Note that the law in many countries gives little or no copyright protection to images made by AI without sufficient human creative input, and that other users may obtain similar images from similar prompts.',
        'You give us a worldwide, non-exclusive, royalty-free licence to store, process, reproduce and display your prompts and images as needed to run the service: to show your public images and their prompts in the gallery, on your profile and on leaderboards, to moderate them, and to keep backups. The licence for an image ends when you delete it or your account, except for copies in backups until they expire and where we must keep it by law. Images you mark private are shown to you alone.',
      ],
    },
    {
      id: 'ai-marking',
      heading: '9. AI-generated images',
      body: [
        'Images made with the service are AI-generated. We may mark them as such, visibly and in machine-readable form (for example in IPTC, XMP or C2PA metadata). You must not remove or alter such marks, and you must not present an image as a real photograph or as depicting a real person. Where the law (such as the EU AI Act) requires you to disclose that content is AI-generated when you publish it, you are responsible for doing so.',
      ],
    },
    {
      id: 'game',
      heading: '10. Game features, events and referrals',
      body: [
        'Experience, levels, achievements, streaks, daily tasks, cosmetic rewards, leaderboards, events and referral rewards are offered for fun and may change or end. They have no monetary value. We may withdraw rewards obtained through cheating, multiple accounts or abuse of referrals.',
      ],
    },
    {
      id: 'service',
      heading: '11. Availability and changes',
      body: [
        'We work to keep the service available but do not promise that it will always be available, uninterrupted or error-free; generation may be delayed when demand is high. We may change, add or remove features. If a change takes away a significant part of a paid plan during a period you have paid for, you may end the plan and receive a pro-rata refund.',
      ],
    },
    {
      id: 'termination',
      heading: '12. Ending the agreement',
      body: [
        'You may stop using the service at any time and ask us to delete your account by writing to {{contact_email}} from its email address. We may suspend or close your account if you seriously or repeatedly break these terms, if the law requires it, or to protect others; where reasonable we will warn you first. When an account is closed for a breach, unused tickets and the remaining plan time are forfeited, except where the law gives you a refund.',
      ],
    },
    {
      id: 'liability',
      heading: '13. Liability',
      body: [
        'The service is provided as it is. To the extent the law allows, we are not liable for indirect or consequential loss, lost profits or lost data, and our total liability to you in any 12 months is limited to the amount you paid us in that period, or 50 US dollars if that is more.',
        'Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or any other liability that cannot be limited by law, nor does it affect your statutory rights as a consumer. You agree to compensate us for claims by third parties caused by your breach of these terms, to the extent the law allows.',
      ],
    },
    {
      id: 'law',
      heading: '14. Governing law and disputes',
      body: [
        'These terms are governed by the law of the country where {{operator_name}} is established. If you are a consumer, you also keep the protection of the mandatory law of the country where you live, and you may bring proceedings in the courts of that country. Before going to court, please write to {{contact_email}}: most problems can be solved quickly.',
      ],
    },
    {
      id: 'changes',
      heading: '15. Changes to these terms',
      body: [
        'We may update these terms when the service or the law changes. We will tell account holders about significant changes at least 30 days before they take effect; if you do not agree, you may close your account before then. Continuing to use the service after that date means you accept the new terms.',
      ],
    },
    {
      id: 'general',
      heading: '16. General',
      body: [
        'These terms are written in English; translations of the interface are provided for convenience, and the English version is binding. If a provision is found invalid, the rest remains in force. Our not enforcing a provision is not a waiver. You may not transfer your rights under these terms; we may transfer ours to a successor running the service, who will be bound by them.',
        'Contact: {{operator_name}}, {{operator_address}}, {{contact_email}}.',
      ],
    },
  ],
};

export default terms;
