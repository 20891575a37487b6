import { type Figure, signUpBenchTeacher } from './lib';
import { gzipBytes, lighthouseMobile } from './web';

const WRITE = { 'content-type': 'application/json', 'x-batchwise-csrf': '1' };
const kB = (bytes: number) => Math.round(bytes / 100) / 10;

/**
 * Online admission: what the public admission wizard costs a family's phone on a slow network. An
 * institution made through the API asks for everything the form can (picture, parents' phones,
 * custom fields, an attachment); Lighthouse's mobile run (simulated slow 4G, 4× CPU slowdown)
 * opens its link in English and in Bangla, and the first load counts the scripts and style sheets
 * the browser really fetched.
 */
export async function admissionWizardFigures(
  appUrl: string,
  dist: string,
  chromePath: string,
): Promise<Figure[]> {
  const teacher = await signUpBenchTeacher(appUrl, {
    name: 'Admission Teacher',
    email: `admission-${Date.now()}@bench.batchwise.bd`,
    phone: '+8801899000001',
    forwardedFor: '10.250.0.13',
  });
  const base = `${appUrl}/api/accounts/${teacher.accountId}`;
  const headers = { ...WRITE, cookie: teacher.cookie };
  for (const [grade, subject] of [
    ['Class 9', 'Physics'],
    ['Class 10', 'Higher Math'],
  ]) {
    const room = await fetch(`${base}/classrooms`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ grade, subject, name: 'Morning Batch', tuitionFeePaisa: 150_000 }),
    });
    if (room.status !== 200) throw new Error(`classroom refused: ${room.status} ${await room.text()}`);
  }
  // The wizard opens in the institution's language, so each run's form is set to its language.
  const saveSettings = async (language: 'en' | 'bn') => {
    const saved = await fetch(`${base}/admission/settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        settings: {
          collectPicture: true,
          collectParentsPhone: true,
          collectAdditionalInfo: true,
          customFields: ['Blood Group', 'Date Of Birth', 'Address', 'School'],
          attachments: [{ name: 'Prospectus', url: 'https://example.com/prospectus.pdf' }],
        },
        language,
      }),
    });
    if (saved.status !== 200)
      throw new Error(`admission settings refused: ${saved.status} ${await saved.text()}`);
  };
  await saveSettings('en');
  const url = `${appUrl}/s-online-admission?key=${teacher.accountId}`;
  const run = await lighthouseMobile(url, chromePath);
  const js = kB(gzipBytes(dist, run.scripts));
  await saveSettings('bn');
  const bangla = await lighthouseMobile(url, chromePath, 'bn');
  return [
    { figure: 'admission_wizard_first_load_js_gzip', value: js, unit: 'kB', goal: '<= 120', met: js <= 120 },
    { figure: 'admission_wizard_first_load_css_gzip', value: kB(gzipBytes(dist, run.styles)), unit: 'kB' },
    {
      figure: 'admission_wizard_lighthouse_mobile_performance',
      value: run.performance,
      unit: 'score',
      goal: '>= 90',
      met: run.performance >= 90,
    },
    { figure: 'admission_wizard_lighthouse_mobile_accessibility', value: run.accessibility, unit: 'score' },
    { figure: 'admission_wizard_largest_contentful_paint', value: run.lcpMs, unit: 'ms' },
    { figure: 'admission_wizard_total_blocking_time', value: run.tbtMs, unit: 'ms' },
    { figure: 'admission_wizard_cumulative_layout_shift', value: run.cls, unit: 'score' },
    { figure: 'admission_wizard_bn_lighthouse_mobile_performance', value: bangla.performance, unit: 'score' },
    { figure: 'admission_wizard_bn_largest_contentful_paint', value: bangla.lcpMs, unit: 'ms' },
  ];
}
