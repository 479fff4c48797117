import type { LegalDocument } from './docs.ts';

/**
 * The notice and takedown policy: copyright notices under the US DMCA (17 U.S.C. § 512), notices of illegal
 * content under the EU Digital Services Act (Art. 16) and the UK Online Safety Act, counter-notices and
 * repeat infringers. Reports made inside the service are docs/product/moderation.md#reports.
 */
const dmca: LegalDocument = {
  doc: 'dmca',
  title: 'Notice and Takedown Policy (DMCA)',
  updated: '2026-11-27',
  intro: [
    '{{operator_name}} respects the rights of others and expects users of Mirage at {{site_url}} to do the same. This policy explains how to tell us about content on the service that infringes your copyright or is otherwise illegal, how we handle such notices, and how a user can respond.',
  ],
  sections: [
    {
      id: 'where',
      heading: '1. Where to send a notice',
      body: [
        'Send notices by email to {{contact_email}}, with "Takedown notice" in the subject line, or by post to {{operator_name}}, {{operator_address}}. Our designated agent for notices under the US Digital Millennium Copyright Act is {{operator_name}}, reachable at the same addresses.',
        'Signed-in users can also report an image through the "Report" item of its menu, choosing the reason that fits (for example copyright, illegal content or minor safety). Notices in any EU language are accepted; English helps us act faster.',
      ],
    },
    {
      id: 'copyright-notice',
      heading: '2. Copyright notices (DMCA)',
      body: [
        'A notice of copyright infringement must include:',
        [
          'a physical or electronic signature of the copyright owner or of a person authorised to act for them;',
          'identification of the copyrighted work claimed to be infringed (or a representative list if several works are concerned);',
          'identification of the material claimed to be infringing and information reasonably sufficient for us to find it, ideally the address of each image (for example {{site_url}}/image/…);',
          'your name, postal address, telephone number and email address;',
          'a statement that you have a good-faith belief that the use of the material is not authorised by the copyright owner, its agent or the law;',
          "a statement that the information in the notice is accurate and, under penalty of perjury, that you are the owner or authorised to act on the owner's behalf.",
        ],
        'Under 17 U.S.C. § 512(f), anyone who knowingly misrepresents that material is infringing may be liable for damages. Consider whether the use may be a fair use or otherwise permitted before sending a notice.',
      ],
    },
    {
      id: 'illegal-content',
      heading: '3. Notices of other illegal content (EU Digital Services Act)',
      body: [
        'Anyone may notify us of content they consider illegal, under Article 16 of the EU Digital Services Act or the equivalent rules elsewhere, such as the UK Online Safety Act. Such a notice should include:',
        [
          'a sufficiently substantiated explanation of why you consider the content illegal;',
          'the exact address (URL) of the content, and any further information needed to identify it;',
          'your name and email address, except where the notice concerns child sexual abuse material or other offences where the law allows you to remain anonymous;',
          'a statement confirming your good-faith belief that the information and allegations in the notice are accurate and complete.',
        ],
        'We confirm receipt of notices that give an email address, decide on them in a timely, diligent and objective manner, and tell you our decision and how to seek redress.',
      ],
    },
    {
      id: 'child-safety',
      heading: '4. Content involving minors',
      body: [
        'Any content that depicts or suggests a minor in a sexual context is forbidden on the service and is removed as a priority. Report it at once with the "minor safety" reason or by email to {{contact_email}}; do not copy, download or send us the content itself, a link is enough. We report such material to the competent authorities, such as the NCMEC CyberTipline in the United States. You can also report it directly to the NCMEC, to the Internet Watch Foundation in the UK, to a hotline of the INHOPE network, or to the police. If someone is in immediate danger, contact the police first.',
      ],
    },
    {
      id: 'what-happens',
      heading: '5. What happens next',
      body: [
        'When we receive a valid notice we act expeditiously: we review it and, where it is justified, remove the content or disable access to it. We tell the user who posted it, with a statement of the reasons, the facts relied on, whether automated means were used, and the ways to challenge the decision. Where the law requires, we report the decision in anonymised form to the public database of the European Commission.',
        'We may reject notices that are incomplete, manifestly unfounded or abusive. We may suspend, for a reasonable time and after a warning, the handling of notices from people who frequently submit manifestly unfounded ones.',
      ],
    },
    {
      id: 'counter-notice',
      heading: '6. Counter-notices',
      body: [
        'If your content was removed after a copyright notice and you believe this was a mistake or that you had the right to use the material, you may send a counter-notice to {{contact_email}} with:',
        [
          'your physical or electronic signature;',
          'identification of the material that was removed and the address where it appeared before removal;',
          'a statement under penalty of perjury that you have a good-faith belief that the material was removed or disabled as a result of mistake or misidentification;',
          'your name, address and telephone number, and a statement that you consent to the jurisdiction of the federal district court for your address (or, if you are outside the United States, any judicial district in which we may be found), and that you will accept service of process from the person who sent the notice or their agent.',
        ],
        'We forward a valid counter-notice to the person who sent the original notice. Unless they tell us within 10 business days that they have filed a court action to restrain the alleged infringement, we restore the material within 10 to 14 business days after receiving the counter-notice.',
      ],
    },
    {
      id: 'appeals',
      heading: '7. Complaints and out-of-court settlement',
      body: [
        'Whether you sent a notice or your content was the subject of one, you may contest our decision free of charge by writing to {{contact_email}} within six months of it. A person who did not take the original decision reviews the complaint and we tell you the outcome without undue delay. Users in the EU may also turn to a certified out-of-court dispute settlement body under Article 21 of the Digital Services Act, and everyone keeps the right to go to court.',
      ],
    },
    {
      id: 'repeat-infringers',
      heading: '8. Repeat infringers',
      body: [
        'We close, in appropriate circumstances, the accounts of users who repeatedly infringe the rights of others or repeatedly post illegal content. As a rule, an account that is the subject of three valid notices which were not successfully contested within twelve months is closed; an account that posts clearly illegal content may be closed at once.',
      ],
    },
    {
      id: 'contact',
      heading: '9. Contact',
      body: ['{{operator_name}}, {{operator_address}}. Email: {{contact_email}}.'],
    },
  ],
};

export default dmca;
