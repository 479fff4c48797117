import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { TrashIcon } from '../../../ui/icons.tsx';
import type { MaskTool } from './canvasController.ts';
import styles from './MaskEditor.module.css';
import {
  BrushIcon,
  EraserIcon,
  FitIcon,
  MoveIcon,
  RedoIcon,
  UndoIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from './maskIcons.tsx';

export interface MaskToolbarProps {
  tool: MaskTool;
  onTool: (tool: MaskTool) => void;
  size: number;
  sizeRange: { min: number; max: number };
  onSize: (size: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  onZoom: (direction: 'in' | 'out' | 'fit') => void;
  disabled: boolean;
}

interface ToolButtonProps {
  label: string;
  /** Shown in the tooltip: the keys do the same. */
  keys: string;
  testId: string;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, keys, testId, pressed, disabled, onClick, children }: ToolButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={styles.tool}
      aria-label={label}
      aria-pressed={pressed}
      title={keys ? `${label} (${keys})` : label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** Tools, brush size, history and view: groups that wrap on narrow screens. */
export function MaskToolbar(props: MaskToolbarProps) {
  const { t } = useTranslation('mask');
  const sizeId = useId();
  const { tool, onTool, size, sizeRange, disabled } = props;
  const toolButton = (value: MaskTool, keys: string, testId: string, icon: ReactNode) => (
    <ToolButton
      label={t(value)}
      keys={keys}
      testId={testId}
      pressed={tool === value}
      disabled={disabled}
      onClick={() => onTool(value)}
    >
      {icon}
    </ToolButton>
  );
  return (
    <div className={styles.toolbar}>
      <div className={styles.group} role="group" aria-label={t('tools')}>
        {toolButton('brush', 'B', 'mask-brush', <BrushIcon />)}
        {toolButton('eraser', 'E', 'mask-eraser', <EraserIcon />)}
        {toolButton('pan', 'H', 'mask-pan', <MoveIcon />)}
      </div>
      <div className={styles.size}>
        <label htmlFor={sizeId} className={styles.sizeLabel}>
          {t('size')}
        </label>
        <input
          id={sizeId}
          type="range"
          className={styles.slider}
          min={sizeRange.min}
          max={sizeRange.max}
          step={1}
          value={size}
          disabled={disabled}
          aria-valuetext={t('size_value', { size })}
          onChange={(event) => props.onSize(Number(event.target.value))}
          data-testid="mask-size"
        />
        <output htmlFor={sizeId} className={styles.sizeValue}>
          {t('size_value', { size })}
        </output>
      </div>
      <div className={styles.group} role="group" aria-label={t('history')}>
        <ToolButton
          label={t('undo')}
          keys="Ctrl+Z"
          testId="mask-undo"
          disabled={disabled || !props.canUndo}
          onClick={props.onUndo}
        >
          <UndoIcon />
        </ToolButton>
        <ToolButton
          label={t('redo')}
          keys="Ctrl+Shift+Z"
          testId="mask-redo"
          disabled={disabled || !props.canRedo}
          onClick={props.onRedo}
        >
          <RedoIcon />
        </ToolButton>
        <ToolButton
          label={t('clear')}
          keys=""
          testId="mask-clear"
          disabled={disabled || !props.canClear}
          onClick={props.onClear}
        >
          <TrashIcon />
        </ToolButton>
      </div>
      <div className={styles.group} role="group" aria-label={t('view')}>
        <ToolButton
          label={t('zoom_out')}
          keys="−"
          testId="mask-zoom-out"
          disabled={disabled}
          onClick={() => props.onZoom('out')}
        >
          <ZoomOutIcon />
        </ToolButton>
        <ToolButton
          label={t('zoom_in')}
          keys="+"
          testId="mask-zoom-in"
          disabled={disabled}
          onClick={() => props.onZoom('in')}
        >
          <ZoomInIcon />
        </ToolButton>
        <ToolButton
          label={t('fit')}
          keys="0"
          testId="mask-fit"
          disabled={disabled}
          onClick={() => props.onZoom('fit')}
        >
          <FitIcon />
        </ToolButton>
      </div>
    </div>
  );
}
