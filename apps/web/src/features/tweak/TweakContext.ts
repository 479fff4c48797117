/** What every panel of the tweak studio shares: the user and plan, the source, the settings, the task. */
import type { UserSettings } from '@mirage/contract';
import type { CostBreakdown, Plan, PlanCapabilities, TaskView, TweakMode } from '@mirage/domain';
import { createContext, useContext } from 'react';
import type { GraphicStyle } from '../catalogue/index.ts';
import type { GeneratorModal } from '../generator/index.ts';
import type { MaskDocument } from './mask/strokes.ts';
import type { TweakDataState } from './useTweakData.ts';
import type { SourceStatus } from './useTweakSource.ts';
import type { TweakAction } from './tweakFlow.ts';

export interface MaskSnapshot {
  source: string;
  document: MaskDocument;
  empty: boolean;
}

export interface TweakContextValue extends TweakDataState {
  user: UserSettings | undefined;
  plan: Plan;
  capabilities: Readonly<PlanCapabilities>;
  /** The mode in effect (Style to Style falls back to Inpaint without Pro). */
  mode: TweakMode;
  /** Every style of the catalogue: the conversion's targets. */
  allStyles: readonly GraphicStyle[];
  status: SourceStatus;
  /** The mask painted on the current source, as the editor last reported it. */
  mask: MaskSnapshot | null;
  onMask: (mask: MaskSnapshot) => void;
  /** The user's tasks from the live stream, newest first. */
  tasks: readonly TaskView[];
  /** The tweak sent last, as the stream reports it. */
  followed: TaskView | null;
  price: CostBreakdown;
  action: TweakAction;
  pending: boolean;
  press: () => Promise<void>;
  cooldownUntil: number | null;
  now: number;
  openModal: (modal: GeneratorModal) => void;
  /** Makes the finished tweak the new source ("tweak it again"). */
  continueFrom: (uuid: string) => void;
}

export const TweakContext = createContext<TweakContextValue | null>(null);

export function useTweak(): TweakContextValue {
  const value = useContext(TweakContext);
  if (!value) throw new Error('useTweak must be used inside <TweakProvider>');
  return value;
}

/** The source, once it has loaded. */
export function useSource() {
  const { status } = useTweak();
  return status.kind === 'ready' ? status.source : null;
}
