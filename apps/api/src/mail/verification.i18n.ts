import type { Language } from '@mirage/domain';

/**
 * The address-check mail in the 8 languages of the site. `{name}` is replaced by the (escaped, in HTML)
 * username. Plain strings only: templates.ts escapes them before they enter HTML.
 */
export interface VerifyStrings {
  subject: string;
  greeting: string;
  intro: string;
  validity: string;
  ignore: string;
  button: string;
  fallback: string;
  signature: string;
}

export const VERIFY_STRINGS: Record<Language, VerifyStrings> = {
  en: {
    subject: 'Confirm your email address for Mirage',
    greeting: 'Hello {name},',
    intro:
      'Please confirm that this address belongs to your Mirage account. You can keep creating in the meantime; a confirmed address is needed to buy tickets or plans.',
    validity: 'The link is valid for 48 hours and can be used only once.',
    ignore: 'If you did not create a Mirage account, you can ignore this message.',
    button: 'Confirm my address',
    fallback: 'If the button does not work, copy this address into your browser:',
    signature: 'The Mirage team',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour Mirage',
    greeting: 'Bonjour {name},',
    intro:
      'Merci de confirmer que cette adresse appartient à votre compte Mirage. Vous pouvez continuer à créer en attendant ; une adresse confirmée est nécessaire pour acheter des tickets ou des abonnements.',
    validity: 'Ce lien est valable 48 heures et ne peut être utilisé qu’une seule fois.',
    ignore: 'Si vous n’avez pas créé de compte Mirage, ignorez ce message.',
    button: 'Confirmer mon adresse',
    fallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    signature: 'L’équipe Mirage',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Mirage',
    greeting: 'Hallo {name},',
    intro:
      'bitte bestätigen Sie, dass diese Adresse zu Ihrem Mirage-Konto gehört. Sie können in der Zwischenzeit weiter erstellen; für den Kauf von Tickets oder Abos ist eine bestätigte Adresse nötig.',
    validity: 'Der Link ist 48 Stunden lang gültig und kann nur einmal verwendet werden.',
    ignore: 'Falls Sie kein Mirage-Konto angelegt haben, können Sie diese Nachricht ignorieren.',
    button: 'Adresse bestätigen',
    fallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    signature: 'Ihr Mirage-Team',
  },
  es: {
    subject: 'Confirma tu dirección de correo para Mirage',
    greeting: 'Hola, {name}:',
    intro:
      'Confirma que esta dirección pertenece a tu cuenta de Mirage. Mientras tanto puedes seguir creando; para comprar tickets o planes necesitas una dirección confirmada.',
    validity: 'El enlace es válido durante 48 horas y solo puede usarse una vez.',
    ignore: 'Si no has creado una cuenta de Mirage, puedes ignorar este mensaje.',
    button: 'Confirmar mi dirección',
    fallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    signature: 'El equipo de Mirage',
  },
  it: {
    subject: 'Conferma il tuo indirizzo email per Mirage',
    greeting: 'Ciao {name},',
    intro:
      'conferma che questo indirizzo appartiene al tuo account Mirage. Nel frattempo puoi continuare a creare; per acquistare ticket o piani serve un indirizzo confermato.',
    validity: 'Il link è valido per 48 ore e può essere usato una sola volta.',
    ignore: 'Se non hai creato un account Mirage, puoi ignorare questo messaggio.',
    button: 'Conferma il mio indirizzo',
    fallback: 'Se il pulsante non funziona, copia questo indirizzo nel browser:',
    signature: 'Il team di Mirage',
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты для Mirage',
    greeting: 'Здравствуйте, {name}!',
    intro:
      'Подтвердите, что этот адрес принадлежит вашей учётной записи Mirage. Пока вы можете продолжать создавать; для покупки билетов или тарифов нужен подтверждённый адрес.',
    validity: 'Ссылка действительна 48 часов и может быть использована только один раз.',
    ignore: 'Если вы не создавали учётную запись Mirage, просто проигнорируйте это письмо.',
    button: 'Подтвердить адрес',
    fallback: 'Если кнопка не работает, скопируйте этот адрес в браузер:',
    signature: 'Команда Mirage',
  },
  zh: {
    subject: '确认您在 Mirage 的邮箱地址',
    greeting: '{name}，您好：',
    intro:
      '请确认此邮箱地址属于您的 Mirage 账户。在此期间您可以继续创作；购买点券或套餐需要已确认的邮箱地址。',
    validity: '该链接在 48 小时内有效，且只能使用一次。',
    ignore: '如果您没有注册 Mirage 账户，请忽略此邮件。',
    button: '确认我的邮箱',
    fallback: '如果按钮无法使用，请将以下地址复制到浏览器中：',
    signature: 'Mirage 团队',
  },
  ja: {
    subject: 'Mirage のメールアドレスを確認してください',
    greeting: '{name} 様',
    intro:
      'このメールアドレスがお客様の Mirage アカウントのものであることを確認してください。確認までの間も作成は続けられます。チケットやプランの購入には確認済みのアドレスが必要です。',
    validity: 'このリンクの有効期限は 48 時間で、一度だけ使用できます。',
    ignore: 'Mirage アカウントを作成した覚えがない場合は、このメールを無視してください。',
    button: 'メールアドレスを確認',
    fallback: 'ボタンが機能しない場合は、次のアドレスをブラウザにコピーしてください：',
    signature: 'Mirage チーム',
  },
};
