import type { Language } from '@mirage/domain';

/**
 * Mail wording in the 8 languages of the site. `{name}` is replaced by the (escaped, in HTML) username.
 * Plain strings only: templates.ts escapes them before they enter HTML.
 */
export interface ResetStrings {
  subject: string;
  greeting: string;
  intro: string;
  validity: string;
  ignore: string;
  button: string;
  fallback: string;
  signature: string;
}

export interface WelcomeStrings {
  subject: string;
  greeting: string;
  body: string;
  signature: string;
}

export const RESET_STRINGS: Record<Language, ResetStrings> = {
  en: {
    subject: 'Reset your Mirage password',
    greeting: 'Hello {name},',
    intro:
      'We received a request to reset the password of your Mirage account. Use the link below to choose a new password.',
    validity: 'The link is valid for 1 hour and can be used only once.',
    ignore: 'If you did not ask for this, you can ignore this message: your password stays unchanged.',
    button: 'Reset password',
    fallback: 'If the button does not work, copy this address into your browser:',
    signature: 'The Mirage team',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Mirage',
    greeting: 'Bonjour {name},',
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Mirage. Utilisez le lien ci-dessous pour choisir un nouveau mot de passe.',
    validity: 'Ce lien est valable 1 heure et ne peut être utilisé qu’une seule fois.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    button: 'Réinitialiser le mot de passe',
    fallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    signature: 'L’équipe Mirage',
  },
  de: {
    subject: 'Setzen Sie Ihr Mirage-Passwort zurück',
    greeting: 'Hallo {name},',
    intro:
      'wir haben eine Anfrage erhalten, das Passwort Ihres Mirage-Kontos zurückzusetzen. Über den folgenden Link können Sie ein neues Passwort wählen.',
    validity: 'Der Link ist 1 Stunde lang gültig und kann nur einmal verwendet werden.',
    ignore:
      'Falls Sie dies nicht angefordert haben, können Sie diese Nachricht ignorieren: Ihr Passwort bleibt unverändert.',
    button: 'Passwort zurücksetzen',
    fallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    signature: 'Ihr Mirage-Team',
  },
  es: {
    subject: 'Restablece tu contraseña de Mirage',
    greeting: 'Hola, {name}:',
    intro:
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Mirage. Usa el enlace de abajo para elegir una contraseña nueva.',
    validity: 'El enlace es válido durante 1 hora y solo puede usarse una vez.',
    ignore: 'Si no lo has solicitado, puedes ignorar este mensaje: tu contraseña no cambiará.',
    button: 'Restablecer contraseña',
    fallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    signature: 'El equipo de Mirage',
  },
  it: {
    subject: 'Reimposta la tua password di Mirage',
    greeting: 'Ciao {name},',
    intro:
      'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Mirage. Usa il link qui sotto per scegliere una nuova password.',
    validity: 'Il link è valido per 1 ora e può essere usato una sola volta.',
    ignore:
      'Se non hai fatto tu questa richiesta, puoi ignorare questo messaggio: la tua password resterà invariata.',
    button: 'Reimposta la password',
    fallback: 'Se il pulsante non funziona, copia questo indirizzo nel browser:',
    signature: 'Il team di Mirage',
  },
  ru: {
    subject: 'Сброс пароля Mirage',
    greeting: 'Здравствуйте, {name}!',
    intro:
      'Мы получили запрос на сброс пароля вашей учётной записи Mirage. Перейдите по ссылке ниже, чтобы задать новый пароль.',
    validity: 'Ссылка действительна 1 час и может быть использована только один раз.',
    ignore:
      'Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо: ваш пароль останется прежним.',
    button: 'Сбросить пароль',
    fallback: 'Если кнопка не работает, скопируйте этот адрес в браузер:',
    signature: 'Команда Mirage',
  },
  zh: {
    subject: '重置您的 Mirage 密码',
    greeting: '{name}，您好：',
    intro: '我们收到了重置您 Mirage 账户密码的请求。请使用下面的链接设置新密码。',
    validity: '该链接在 1 小时内有效，且只能使用一次。',
    ignore: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
    button: '重置密码',
    fallback: '如果按钮无法使用，请将以下地址复制到浏览器中：',
    signature: 'Mirage 团队',
  },
  ja: {
    subject: 'Mirage のパスワード再設定',
    greeting: '{name} 様',
    intro:
      'Mirage アカウントのパスワード再設定のリクエストを受け付けました。下のリンクから新しいパスワードを設定してください。',
    validity: 'このリンクの有効期限は 1 時間で、一度だけ使用できます。',
    ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    button: 'パスワードを再設定',
    fallback: 'ボタンが機能しない場合は、次のアドレスをブラウザにコピーしてください：',
    signature: 'Mirage チーム',
  },
};

export const WELCOME_STRINGS: Record<Language, WelcomeStrings> = {
  en: {
    subject: 'Welcome to Mirage',
    greeting: 'Hello {name},',
    body: 'Thank you for joining Mirage. Your account is ready: sign in and start creating.',
    signature: 'The Mirage team',
  },
  fr: {
    subject: 'Bienvenue sur Mirage',
    greeting: 'Bonjour {name},',
    body: 'Merci d’avoir rejoint Mirage. Votre compte est prêt : connectez-vous et commencez à créer.',
    signature: 'L’équipe Mirage',
  },
  de: {
    subject: 'Willkommen bei Mirage',
    greeting: 'Hallo {name},',
    body: 'danke für Ihre Anmeldung bei Mirage. Ihr Konto ist bereit: Melden Sie sich an und legen Sie los.',
    signature: 'Ihr Mirage-Team',
  },
  es: {
    subject: 'Te damos la bienvenida a Mirage',
    greeting: 'Hola, {name}:',
    body: 'Gracias por unirte a Mirage. Tu cuenta está lista: inicia sesión y empieza a crear.',
    signature: 'El equipo de Mirage',
  },
  it: {
    subject: 'Ti diamo il benvenuto su Mirage',
    greeting: 'Ciao {name},',
    body: 'grazie per aver scelto Mirage. Il tuo account è pronto: accedi e inizia a creare.',
    signature: 'Il team di Mirage',
  },
  ru: {
    subject: 'Добро пожаловать в Mirage',
    greeting: 'Здравствуйте, {name}!',
    body: 'Спасибо за регистрацию в Mirage. Ваша учётная запись готова: войдите и начинайте творить.',
    signature: 'Команда Mirage',
  },
  zh: {
    subject: '欢迎加入 Mirage',
    greeting: '{name}，您好：',
    body: '感谢您注册 Mirage。您的账户已准备就绪：登录即可开始创作。',
    signature: 'Mirage 团队',
  },
  ja: {
    subject: 'Mirage へようこそ',
    greeting: '{name} 様',
    body: 'Mirage にご登録いただきありがとうございます。アカウントの準備ができました。ログインして作成を始めましょう。',
    signature: 'Mirage チーム',
  },
};
