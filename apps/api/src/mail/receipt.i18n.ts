import type { Language } from '@mirage/domain';

/**
 * The payment receipt in the 8 languages of the site. `{name}` is the username, `{count}` a number of
 * tickets, `{plan}` a plan's name (Basic, Pro). Plain strings only: templates escape them before HTML.
 */
export interface ReceiptStrings {
  subject: string;
  greeting: string;
  intro: string;
  product: string;
  amount: string;
  date: string;
  order: string;
  provider: string;
  pack: string;
  plan: string;
  keep: string;
  signature: string;
}

export const RECEIPT_STRINGS: Record<Language, ReceiptStrings> = {
  en: {
    subject: 'Your Mirage receipt',
    greeting: 'Hello {name},',
    intro: 'Thank you for your purchase. Your payment went through; here is your receipt.',
    product: 'Product',
    amount: 'Amount',
    date: 'Date',
    order: 'Order',
    provider: 'Paid with',
    pack: '{count} tickets',
    plan: '{plan} plan, 1 month',
    keep: 'Keep this message for your records.',
    signature: 'The Mirage team',
  },
  fr: {
    subject: 'Votre reçu Mirage',
    greeting: 'Bonjour {name},',
    intro: 'Merci pour votre achat. Votre paiement a bien été reçu ; voici votre reçu.',
    product: 'Produit',
    amount: 'Montant',
    date: 'Date',
    order: 'Commande',
    provider: 'Payé avec',
    pack: '{count} tickets',
    plan: 'Abonnement {plan}, 1 mois',
    keep: 'Conservez ce message pour vos archives.',
    signature: 'L’équipe Mirage',
  },
  de: {
    subject: 'Ihre Mirage-Quittung',
    greeting: 'Hallo {name},',
    intro: 'vielen Dank für Ihren Kauf. Ihre Zahlung ist eingegangen; hier ist Ihre Quittung.',
    product: 'Produkt',
    amount: 'Betrag',
    date: 'Datum',
    order: 'Bestellung',
    provider: 'Bezahlt mit',
    pack: '{count} Tickets',
    plan: '{plan}-Abo, 1 Monat',
    keep: 'Bewahren Sie diese Nachricht für Ihre Unterlagen auf.',
    signature: 'Ihr Mirage-Team',
  },
  es: {
    subject: 'Tu recibo de Mirage',
    greeting: 'Hola, {name}:',
    intro: 'Gracias por tu compra. Hemos recibido tu pago; aquí tienes tu recibo.',
    product: 'Producto',
    amount: 'Importe',
    date: 'Fecha',
    order: 'Pedido',
    provider: 'Pagado con',
    pack: '{count} tickets',
    plan: 'Plan {plan}, 1 mes',
    keep: 'Guarda este mensaje para tus registros.',
    signature: 'El equipo de Mirage',
  },
  it: {
    subject: 'La tua ricevuta Mirage',
    greeting: 'Ciao {name},',
    intro: 'grazie per il tuo acquisto. Il pagamento è andato a buon fine; ecco la tua ricevuta.',
    product: 'Prodotto',
    amount: 'Importo',
    date: 'Data',
    order: 'Ordine',
    provider: 'Pagato con',
    pack: '{count} ticket',
    plan: 'Piano {plan}, 1 mese',
    keep: 'Conserva questo messaggio per i tuoi archivi.',
    signature: 'Il team di Mirage',
  },
  ru: {
    subject: 'Ваш чек Mirage',
    greeting: 'Здравствуйте, {name}!',
    intro: 'Спасибо за покупку. Оплата прошла успешно; вот ваш чек.',
    product: 'Товар',
    amount: 'Сумма',
    date: 'Дата',
    order: 'Заказ',
    provider: 'Способ оплаты',
    pack: 'Билеты: {count}',
    plan: 'Тариф {plan}, 1 месяц',
    keep: 'Сохраните это письмо для своих записей.',
    signature: 'Команда Mirage',
  },
  zh: {
    subject: '您的 Mirage 收据',
    greeting: '{name}，您好：',
    intro: '感谢您的购买。您的付款已成功，以下是您的收据。',
    product: '商品',
    amount: '金额',
    date: '日期',
    order: '订单号',
    provider: '支付方式',
    pack: '{count} 张点券',
    plan: '{plan} 套餐，1 个月',
    keep: '请保留此邮件以备查询。',
    signature: 'Mirage 团队',
  },
  ja: {
    subject: 'Mirage の領収書',
    greeting: '{name} 様',
    intro: 'ご購入ありがとうございます。お支払いが完了しました。領収書をお送りします。',
    product: '商品',
    amount: '金額',
    date: '日付',
    order: '注文番号',
    provider: 'お支払い方法',
    pack: 'チケット {count} 枚',
    plan: '{plan} プラン（1 か月）',
    keep: 'このメールは記録として保管してください。',
    signature: 'Mirage チーム',
  },
};
