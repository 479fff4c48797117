import type { Language } from '@mirage/domain';

/**
 * The refund and chargeback notice in the 8 languages of the site (docs/product/commerce.md#refunds).
 * `{count}` is a number of tickets. Plain strings only: templates escape them before HTML.
 */
export interface ReversalStrings {
  refundSubject: string;
  chargebackSubject: string;
  refundIntro: string;
  chargebackIntro: string;
  ticketsTaken: string;
  planEnded: string;
  shortfall: string;
  questions: string;
}

export const REVERSAL_STRINGS: Record<Language, ReversalStrings> = {
  en: {
    refundSubject: 'Your Mirage purchase was refunded',
    chargebackSubject: 'A Mirage payment was disputed',
    refundIntro: 'The payment below was refunded, so what it bought has been taken back.',
    chargebackIntro:
      'Your bank reversed the payment below (a chargeback), so what it bought has been taken back.',
    ticketsTaken: '{count} tickets were taken from your balance.',
    planEnded: 'The plan it paid for has ended.',
    shortfall: '{count} of its tickets had already been used; our team will look at your account.',
    questions: 'If this is not what you expected, reply to this mail.',
  },
  fr: {
    refundSubject: 'Votre achat Mirage a été remboursé',
    chargebackSubject: 'Un paiement Mirage a été contesté',
    refundIntro: 'Le paiement ci-dessous a été remboursé : ce qu’il avait acheté a donc été repris.',
    chargebackIntro:
      'Votre banque a annulé le paiement ci-dessous (rétrofacturation) : ce qu’il avait acheté a donc été repris.',
    ticketsTaken: '{count} tickets ont été retirés de votre solde.',
    planEnded: 'La formule qu’il payait a pris fin.',
    shortfall: '{count} de ses tickets avaient déjà été utilisés ; notre équipe examinera votre compte.',
    questions: 'Si ce n’est pas ce que vous attendiez, répondez à ce message.',
  },
  de: {
    refundSubject: 'Dein Mirage-Kauf wurde erstattet',
    chargebackSubject: 'Eine Mirage-Zahlung wurde angefochten',
    refundIntro: 'Die Zahlung unten wurde erstattet, daher wurde zurückgenommen, was sie gekauft hat.',
    chargebackIntro:
      'Deine Bank hat die Zahlung unten rückgängig gemacht (Rückbuchung), daher wurde zurückgenommen, was sie gekauft hat.',
    ticketsTaken: '{count} Tickets wurden von deinem Guthaben abgezogen.',
    planEnded: 'Der damit bezahlte Plan ist beendet.',
    shortfall: '{count} der Tickets waren bereits verbraucht; unser Team prüft dein Konto.',
    questions: 'Wenn du das nicht erwartet hast, antworte auf diese E-Mail.',
  },
  es: {
    refundSubject: 'Tu compra en Mirage ha sido reembolsada',
    chargebackSubject: 'Un pago de Mirage ha sido impugnado',
    refundIntro: 'El pago de abajo se ha reembolsado, así que lo que compró se ha retirado.',
    chargebackIntro:
      'Tu banco ha revertido el pago de abajo (contracargo), así que lo que compró se ha retirado.',
    ticketsTaken: 'Se han retirado {count} tickets de tu saldo.',
    planEnded: 'El plan que pagaba ha terminado.',
    shortfall: '{count} de sus tickets ya se habían usado; nuestro equipo revisará tu cuenta.',
    questions: 'Si no es lo que esperabas, responde a este correo.',
  },
  it: {
    refundSubject: 'Il tuo acquisto Mirage è stato rimborsato',
    chargebackSubject: 'Un pagamento Mirage è stato contestato',
    refundIntro:
      'Il pagamento qui sotto è stato rimborsato, quindi ciò che aveva acquistato è stato ritirato.',
    chargebackIntro:
      'La tua banca ha stornato il pagamento qui sotto (chargeback), quindi ciò che aveva acquistato è stato ritirato.',
    ticketsTaken: '{count} ticket sono stati tolti dal tuo saldo.',
    planEnded: 'Il piano che pagava è terminato.',
    shortfall: '{count} dei suoi ticket erano già stati usati; il nostro team esaminerà il tuo account.',
    questions: 'Se non è ciò che ti aspettavi, rispondi a questa email.',
  },
  ja: {
    refundSubject: 'Mirage のご購入が返金されました',
    chargebackSubject: 'Mirage のお支払いに異議が申し立てられました',
    refundIntro: '以下のお支払いが返金されたため、購入内容を取り消しました。',
    chargebackIntro:
      'カード会社が以下のお支払いを取り消した（チャージバック）ため、購入内容を取り消しました。',
    ticketsTaken: '残高からチケット {count} 枚を差し引きました。',
    planEnded: 'このお支払いによるプランは終了しました。',
    shortfall: 'チケットのうち {count} 枚はすでに使用済みでした。担当チームがアカウントを確認します。',
    questions: 'お心当たりがない場合は、このメールにご返信ください。',
  },
  ru: {
    refundSubject: 'Ваша покупка в Mirage возвращена',
    chargebackSubject: 'Платёж в Mirage оспорен',
    refundIntro: 'Платёж ниже был возвращён, поэтому купленное на него списано.',
    chargebackIntro: 'Ваш банк отменил платёж ниже (чарджбэк), поэтому купленное на него списано.',
    ticketsTaken: 'С вашего баланса списано билетов: {count}.',
    planEnded: 'Оплаченный им план завершён.',
    shortfall: 'Билетов уже было использовано: {count}; наша команда проверит ваш аккаунт.',
    questions: 'Если вы этого не ожидали, ответьте на это письмо.',
  },
  zh: {
    refundSubject: '你的 Mirage 购买已退款',
    chargebackSubject: '一笔 Mirage 付款遭到争议',
    refundIntro: '以下付款已退款，因此其所购内容已被收回。',
    chargebackIntro: '你的银行撤销了以下付款（拒付），因此其所购内容已被收回。',
    ticketsTaken: '已从你的余额中扣除 {count} 张点券。',
    planEnded: '该付款所购的方案已结束。',
    shortfall: '其中 {count} 张点券已被使用；我们的团队将审核你的账户。',
    questions: '如有疑问，请回复此邮件。',
  },
};
