import { CheckIcon, CpuIcon, HardDriveIcon, MonitorIcon, type IconProps } from '@store/ui';
import type { ComponentType } from 'react';
import * as styles from './system-requirements.css.ts';

export type RequirementIconKind = 'os' | 'ram' | 'storage' | 'other';

const ICONS: Record<RequirementIconKind, ComponentType<IconProps>> = {
  os: MonitorIcon,
  ram: CpuIcon,
  storage: HardDriveIcon,
  other: CheckIcon,
};

/** OS, RAM and Storage (in any case) have their own icons (spec section 2); other requirements a generic one. */
export function requirementIconKind(name: string): RequirementIconKind {
  const key = name.trim().toLowerCase();
  return key === 'os' || key === 'ram' || key === 'storage' ? key : 'other';
}

/** A product's system requirements as a definition list, in the order the admin entered them. */
export function SystemRequirements({ requirements }: { requirements: Readonly<Record<string, string>> }) {
  return (
    <dl className={styles.list}>
      {Object.entries(requirements).map(([name, value]) => {
        const kind = requirementIconKind(name);
        const Icon = ICONS[kind];
        return (
          <div key={name} className={styles.row}>
            <dt className={styles.name}>
              <Icon size={18} className={styles.icon} data-icon={kind} />
              {name}
            </dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
