import styles from './HeroArt.module.css';

/**
 * Decorative composition of abstract gradient "canvases". It is not a sample of generated images and
 * shows no people: it only sets the mood until the real gallery exists.
 */
export function HeroArt() {
  return (
    <div className={styles.art} aria-hidden="true">
      <div className={styles.orb} />
      <div className={[styles.canvas, styles.back].join(' ')} />
      <div className={[styles.canvas, styles.middle].join(' ')} />
      <div className={[styles.canvas, styles.front].join(' ')}>
        <div className={styles.frontSun} />
        <div className={styles.frontWaves} />
      </div>
      <div className={styles.chip}>
        <span className={styles.chipDot} />
        <span className={styles.chipBar} />
      </div>
    </div>
  );
}
