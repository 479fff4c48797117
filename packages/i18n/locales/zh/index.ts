import about from './about.json';
import account from './account.json';
import assistant from './assistant.json';
import catalogue from './catalogue.json';
import common from './common.json';
import error from './error.json';
import event from './event.json';
import gallery from './gallery.json';
import generator from './generator.json';
import guide from './guide.json';
import image from './image.json';
import landing from './landing.json';
import legal from './legal.json';
import mask from './mask.json';
import onboarding from './onboarding.json';
import pages from './pages.json';
import player from './player.json';
import promo from './promo.json';
import prompt from './prompt.json';
import referral from './referral.json';
import settings from './settings.json';
import shop from './shop.json';
import tweak from './tweak.json';

export default {
  common,
  account,
  settings,
  error,
  landing,
  pages,
  generator,
  catalogue,
  gallery,
  image,
  prompt,
  player,
  event,
  shop,
  referral,
  mask,
  tweak,
  guide,
  about,
  promo,
  legal,
  onboarding,
  assistant,
};
