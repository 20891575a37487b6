import { describe, expect, it } from 'vitest';
import { publicPages } from '../../lib/paths';
import { linkParamsOf } from './link-params';
import { isWizardPath } from './wizard-path';

describe('the wizard entry', () => {
  const path = publicPages.find((page) => page.id === 'onlineAdmission')?.path ?? '';

  it('starts on the wizard path in any case, with or without a trailing slash', () => {
    expect(path).toBe('/s-online-admission');
    for (const address of [path, `${path}/`, path.toUpperCase(), '/S-Online-Admission/']) {
      expect(isWizardPath(address), address).toBe(true);
    }
    for (const address of ['/', '/s-online-admission/x', '/s-online-admissions', '/take-picture']) {
      expect(isWizardPath(address), address).toBe(false);
    }
  });

  it('reads the key and the course of the link', () => {
    expect(linkParamsOf('?key=%20acc-1%20&course=room-9')).toEqual({ key: 'acc-1', course: 'room-9' });
    expect(linkParamsOf('?course=')).toEqual({ key: '', course: null });
  });
});
