// Currency reference data in the shape of the widely used "Common-Currency.json" table (symbol,
// name, symbol_native, decimal_digits, rounding, code, name_plural), extended with further ISO
// 4217 currencies to about 160 entries. Accounts pick their currency in Preferences.currency.

export interface Currency {
  /** Symbol shown to an international reader, e.g. `Tk`, `CA$`. */
  readonly symbol: string;
  /** English name, e.g. `Bangladeshi Taka`. */
  readonly name: string;
  /** Symbol as written locally, e.g. `৳`. */
  readonly symbol_native: string;
  /** Digits after the decimal point (0, 2 or 3). */
  readonly decimal_digits: number;
  /** Cash rounding increment; 0 means round to decimal_digits only (CHF rounds to 0.05). */
  readonly rounding: number;
  /** ISO 4217 code. */
  readonly code: string;
  /** English plural, e.g. `Bangladeshi takas`. */
  readonly name_plural: string;
}

type Row = readonly [
  code: string,
  symbol: string,
  name: string,
  native: string,
  digits: number,
  rounding: number,
  plural: string,
];

// biome-ignore format: one currency per line keeps the table reviewable
const ROWS: readonly Row[] = [
  ['USD', '$', 'US Dollar', '$', 2, 0, 'US dollars'],
  ['CAD', 'CA$', 'Canadian Dollar', '$', 2, 0, 'Canadian dollars'],
  ['EUR', '€', 'Euro', '€', 2, 0, 'euros'],
  ['AED', 'AED', 'United Arab Emirates Dirham', 'د.إ.', 2, 0, 'UAE dirhams'],
  ['AFN', 'Af', 'Afghan Afghani', '؋', 0, 0, 'Afghan Afghanis'],
  ['ALL', 'ALL', 'Albanian Lek', 'Lek', 0, 0, 'Albanian lekë'],
  ['AMD', 'AMD', 'Armenian Dram', 'դր.', 0, 0, 'Armenian drams'],
  ['ANG', 'NAƒ', 'Netherlands Antillean Guilder', 'ƒ', 2, 0, 'Netherlands Antillean guilders'],
  ['AOA', 'Kz', 'Angolan Kwanza', 'Kz', 2, 0, 'Angolan kwanzas'],
  ['ARS', 'AR$', 'Argentine Peso', '$', 2, 0, 'Argentine pesos'],
  ['AUD', 'AU$', 'Australian Dollar', '$', 2, 0, 'Australian dollars'],
  ['AWG', 'Afl.', 'Aruban Florin', 'Afl.', 2, 0, 'Aruban florin'],
  ['AZN', 'man.', 'Azerbaijani Manat', 'ман.', 2, 0, 'Azerbaijani manats'],
  ['BAM', 'KM', 'Bosnia-Herzegovina Convertible Mark', 'KM', 2, 0, 'Bosnia-Herzegovina convertible marks'],
  ['BBD', 'Bds$', 'Barbadian Dollar', '$', 2, 0, 'Barbadian dollars'],
  ['BDT', 'Tk', 'Bangladeshi Taka', '৳', 2, 0, 'Bangladeshi takas'],
  ['BGN', 'BGN', 'Bulgarian Lev', 'лв.', 2, 0, 'Bulgarian leva'],
  ['BHD', 'BD', 'Bahraini Dinar', 'د.ب.', 3, 0, 'Bahraini dinars'],
  ['BIF', 'FBu', 'Burundian Franc', 'FBu', 0, 0, 'Burundian francs'],
  ['BMD', 'BD$', 'Bermudan Dollar', '$', 2, 0, 'Bermudan dollars'],
  ['BND', 'BN$', 'Brunei Dollar', '$', 2, 0, 'Brunei dollars'],
  ['BOB', 'Bs', 'Bolivian Boliviano', 'Bs', 2, 0, 'Bolivian bolivianos'],
  ['BRL', 'R$', 'Brazilian Real', 'R$', 2, 0, 'Brazilian reals'],
  ['BSD', 'B$', 'Bahamian Dollar', '$', 2, 0, 'Bahamian dollars'],
  ['BTN', 'Nu.', 'Bhutanese Ngultrum', 'Nu.', 2, 0, 'Bhutanese ngultrums'],
  ['BWP', 'BWP', 'Botswanan Pula', 'P', 2, 0, 'Botswanan pulas'],
  ['BYN', 'Br', 'Belarusian Ruble', 'руб.', 2, 0, 'Belarusian rubles'],
  ['BZD', 'BZ$', 'Belize Dollar', '$', 2, 0, 'Belize dollars'],
  ['CDF', 'CDF', 'Congolese Franc', 'FrCD', 2, 0, 'Congolese francs'],
  ['CHF', 'CHF', 'Swiss Franc', 'CHF', 2, 0.05, 'Swiss francs'],
  ['CLP', 'CL$', 'Chilean Peso', '$', 0, 0, 'Chilean pesos'],
  ['CNY', 'CN¥', 'Chinese Yuan', 'CN¥', 2, 0, 'Chinese yuan'],
  ['COP', 'CO$', 'Colombian Peso', '$', 0, 0, 'Colombian pesos'],
  ['CRC', '₡', 'Costa Rican Colón', '₡', 0, 0, 'Costa Rican colóns'],
  ['CUP', 'CU$', 'Cuban Peso', '$', 2, 0, 'Cuban pesos'],
  ['CVE', 'CV$', 'Cape Verdean Escudo', 'CV$', 2, 0, 'Cape Verdean escudos'],
  ['CZK', 'Kč', 'Czech Republic Koruna', 'Kč', 2, 0, 'Czech Republic korunas'],
  ['DJF', 'Fdj', 'Djiboutian Franc', 'Fdj', 0, 0, 'Djiboutian francs'],
  ['DKK', 'Dkr', 'Danish Krone', 'kr', 2, 0, 'Danish kroner'],
  ['DOP', 'RD$', 'Dominican Peso', 'RD$', 2, 0, 'Dominican pesos'],
  ['DZD', 'DA', 'Algerian Dinar', 'د.ج.', 2, 0, 'Algerian dinars'],
  ['EEK', 'Ekr', 'Estonian Kroon', 'kr', 2, 0, 'Estonian kroons'],
  ['EGP', 'EGP', 'Egyptian Pound', 'ج.م.', 2, 0, 'Egyptian pounds'],
  ['ERN', 'Nfk', 'Eritrean Nakfa', 'Nfk', 2, 0, 'Eritrean nakfas'],
  ['ETB', 'Br', 'Ethiopian Birr', 'Br', 2, 0, 'Ethiopian birrs'],
  ['FJD', 'FJ$', 'Fijian Dollar', '$', 2, 0, 'Fijian dollars'],
  ['FKP', 'FK£', 'Falkland Islands Pound', '£', 2, 0, 'Falkland Islands pounds'],
  ['GBP', '£', 'British Pound Sterling', '£', 2, 0, 'British pounds sterling'],
  ['GEL', 'GEL', 'Georgian Lari', 'GEL', 2, 0, 'Georgian laris'],
  ['GHS', 'GH₵', 'Ghanaian Cedi', 'GH₵', 2, 0, 'Ghanaian cedis'],
  ['GIP', 'GI£', 'Gibraltar Pound', '£', 2, 0, 'Gibraltar pounds'],
  ['GMD', 'D', 'Gambian Dalasi', 'D', 2, 0, 'Gambian dalasis'],
  ['GNF', 'FG', 'Guinean Franc', 'FG', 0, 0, 'Guinean francs'],
  ['GTQ', 'GTQ', 'Guatemalan Quetzal', 'Q', 2, 0, 'Guatemalan quetzals'],
  ['GYD', 'GY$', 'Guyanaese Dollar', '$', 0, 0, 'Guyanaese dollars'],
  ['HKD', 'HK$', 'Hong Kong Dollar', '$', 2, 0, 'Hong Kong dollars'],
  ['HNL', 'HNL', 'Honduran Lempira', 'L', 2, 0, 'Honduran lempiras'],
  ['HRK', 'kn', 'Croatian Kuna', 'kn', 2, 0, 'Croatian kunas'],
  ['HTG', 'G', 'Haitian Gourde', 'G', 2, 0, 'Haitian gourdes'],
  ['HUF', 'Ft', 'Hungarian Forint', 'Ft', 0, 0, 'Hungarian forints'],
  ['IDR', 'Rp', 'Indonesian Rupiah', 'Rp', 0, 0, 'Indonesian rupiahs'],
  ['ILS', '₪', 'Israeli New Sheqel', '₪', 2, 0, 'Israeli new sheqels'],
  ['INR', 'Rs', 'Indian Rupee', '₹', 2, 0, 'Indian rupees'],
  ['IQD', 'IQD', 'Iraqi Dinar', 'د.ع.', 0, 0, 'Iraqi dinars'],
  ['IRR', 'IRR', 'Iranian Rial', '﷼', 0, 0, 'Iranian rials'],
  ['ISK', 'Ikr', 'Icelandic Króna', 'kr', 0, 0, 'Icelandic krónur'],
  ['JMD', 'J$', 'Jamaican Dollar', '$', 2, 0, 'Jamaican dollars'],
  ['JOD', 'JD', 'Jordanian Dinar', 'د.أ.', 3, 0, 'Jordanian dinars'],
  ['JPY', '¥', 'Japanese Yen', '￥', 0, 0, 'Japanese yen'],
  ['KES', 'Ksh', 'Kenyan Shilling', 'Ksh', 2, 0, 'Kenyan shillings'],
  ['KGS', 'KGS', 'Kyrgystani Som', 'сом', 2, 0, 'Kyrgystani soms'],
  ['KHR', 'KHR', 'Cambodian Riel', '៛', 2, 0, 'Cambodian riels'],
  ['KMF', 'CF', 'Comorian Franc', 'FC', 0, 0, 'Comorian francs'],
  ['KPW', 'KP₩', 'North Korean Won', '₩', 0, 0, 'North Korean won'],
  ['KRW', '₩', 'South Korean Won', '₩', 0, 0, 'South Korean won'],
  ['KWD', 'KD', 'Kuwaiti Dinar', 'د.ك.', 3, 0, 'Kuwaiti dinars'],
  ['KYD', 'CI$', 'Cayman Islands Dollar', '$', 2, 0, 'Cayman Islands dollars'],
  ['KZT', 'KZT', 'Kazakhstani Tenge', 'тңг.', 2, 0, 'Kazakhstani tenges'],
  ['LAK', '₭', 'Laotian Kip', '₭', 0, 0, 'Laotian kips'],
  ['LBP', 'LB£', 'Lebanese Pound', 'ل.ل.', 0, 0, 'Lebanese pounds'],
  ['LKR', 'SLRs', 'Sri Lankan Rupee', 'SL Re', 2, 0, 'Sri Lankan rupees'],
  ['LRD', 'L$', 'Liberian Dollar', '$', 2, 0, 'Liberian dollars'],
  ['LSL', 'L', 'Lesotho Loti', 'L', 2, 0, 'Lesotho lotis'],
  ['LTL', 'Lt', 'Lithuanian Litas', 'Lt', 2, 0, 'Lithuanian litai'],
  ['LVL', 'Ls', 'Latvian Lats', 'Ls', 2, 0, 'Latvian lati'],
  ['LYD', 'LD', 'Libyan Dinar', 'د.ل.', 3, 0, 'Libyan dinars'],
  ['MAD', 'MAD', 'Moroccan Dirham', 'د.م.', 2, 0, 'Moroccan dirhams'],
  ['MDL', 'MDL', 'Moldovan Leu', 'MDL', 2, 0, 'Moldovan lei'],
  ['MGA', 'MGA', 'Malagasy Ariary', 'MGA', 0, 0, 'Malagasy Ariaries'],
  ['MKD', 'MKD', 'Macedonian Denar', 'MKD', 2, 0, 'Macedonian denari'],
  ['MMK', 'MMK', 'Myanma Kyat', 'K', 0, 0, 'Myanma kyats'],
  ['MNT', '₮', 'Mongolian Tugrik', '₮', 0, 0, 'Mongolian tugriks'],
  ['MOP', 'MOP$', 'Macanese Pataca', 'MOP$', 2, 0, 'Macanese patacas'],
  ['MRU', 'UM', 'Mauritanian Ouguiya', 'UM', 2, 0, 'Mauritanian ouguiyas'],
  ['MUR', 'MURs', 'Mauritian Rupee', 'MURs', 0, 0, 'Mauritian rupees'],
  ['MVR', 'Rf', 'Maldivian Rufiyaa', 'Rf', 2, 0, 'Maldivian rufiyaas'],
  ['MWK', 'MK', 'Malawian Kwacha', 'MK', 2, 0, 'Malawian kwachas'],
  ['MXN', 'MX$', 'Mexican Peso', '$', 2, 0, 'Mexican pesos'],
  ['MYR', 'RM', 'Malaysian Ringgit', 'RM', 2, 0, 'Malaysian ringgits'],
  ['MZN', 'MTn', 'Mozambican Metical', 'MTn', 2, 0, 'Mozambican meticals'],
  ['NAD', 'N$', 'Namibian Dollar', 'N$', 2, 0, 'Namibian dollars'],
  ['NGN', '₦', 'Nigerian Naira', '₦', 2, 0, 'Nigerian nairas'],
  ['NIO', 'C$', 'Nicaraguan Córdoba', 'C$', 2, 0, 'Nicaraguan córdobas'],
  ['NOK', 'Nkr', 'Norwegian Krone', 'kr', 2, 0, 'Norwegian kroner'],
  ['NPR', 'NPRs', 'Nepalese Rupee', 'नेरू', 2, 0, 'Nepalese rupees'],
  ['NZD', 'NZ$', 'New Zealand Dollar', '$', 2, 0, 'New Zealand dollars'],
  ['OMR', 'OMR', 'Omani Rial', 'ر.ع.', 3, 0, 'Omani rials'],
  ['PAB', 'B/.', 'Panamanian Balboa', 'B/.', 2, 0, 'Panamanian balboas'],
  ['PEN', 'S/.', 'Peruvian Nuevo Sol', 'S/.', 2, 0, 'Peruvian nuevos soles'],
  ['PGK', 'K', 'Papua New Guinean Kina', 'K', 2, 0, 'Papua New Guinean kina'],
  ['PHP', '₱', 'Philippine Peso', '₱', 2, 0, 'Philippine pesos'],
  ['PKR', 'PKRs', 'Pakistani Rupee', '₨', 0, 0, 'Pakistani rupees'],
  ['PLN', 'zł', 'Polish Zloty', 'zł', 2, 0, 'Polish zlotys'],
  ['PYG', '₲', 'Paraguayan Guarani', '₲', 0, 0, 'Paraguayan guaranis'],
  ['QAR', 'QR', 'Qatari Rial', 'ر.ق.', 2, 0, 'Qatari rials'],
  ['RON', 'RON', 'Romanian Leu', 'RON', 2, 0, 'Romanian lei'],
  ['RSD', 'din.', 'Serbian Dinar', 'дин.', 0, 0, 'Serbian dinars'],
  ['RUB', 'RUB', 'Russian Ruble', 'руб.', 2, 0, 'Russian rubles'],
  ['RWF', 'RWF', 'Rwandan Franc', 'FR', 0, 0, 'Rwandan francs'],
  ['SAR', 'SR', 'Saudi Riyal', 'ر.س.', 2, 0, 'Saudi riyals'],
  ['SBD', 'SI$', 'Solomon Islands Dollar', '$', 2, 0, 'Solomon Islands dollars'],
  ['SCR', 'SRe', 'Seychellois Rupee', 'SR', 2, 0, 'Seychellois rupees'],
  ['SDG', 'SDG', 'Sudanese Pound', 'SDG', 2, 0, 'Sudanese pounds'],
  ['SEK', 'Skr', 'Swedish Krona', 'kr', 2, 0, 'Swedish kronor'],
  ['SGD', 'S$', 'Singapore Dollar', '$', 2, 0, 'Singapore dollars'],
  ['SHP', 'SH£', 'St. Helena Pound', '£', 2, 0, 'St. Helena pounds'],
  ['SLE', 'Le', 'Sierra Leonean Leone', 'Le', 2, 0, 'Sierra Leonean leones'],
  ['SOS', 'Ssh', 'Somali Shilling', 'Ssh', 0, 0, 'Somali shillings'],
  ['SRD', 'SR$', 'Surinamese Dollar', '$', 2, 0, 'Surinamese dollars'],
  ['SSP', 'SS£', 'South Sudanese Pound', '£', 2, 0, 'South Sudanese pounds'],
  ['STN', 'Db', 'São Tomé and Príncipe Dobra', 'Db', 2, 0, 'São Tomé and Príncipe dobras'],
  ['SYP', 'SY£', 'Syrian Pound', 'ل.س.', 0, 0, 'Syrian pounds'],
  ['SZL', 'E', 'Swazi Lilangeni', 'E', 2, 0, 'Swazi emalangeni'],
  ['THB', '฿', 'Thai Baht', '฿', 2, 0, 'Thai baht'],
  ['TJS', 'TJS', 'Tajikistani Somoni', 'сом.', 2, 0, 'Tajikistani somonis'],
  ['TMT', 'TMT', 'Turkmenistani Manat', 'TMT', 2, 0, 'Turkmenistani manat'],
  ['TND', 'DT', 'Tunisian Dinar', 'د.ت.', 3, 0, 'Tunisian dinars'],
  ['TOP', 'T$', 'Tongan Paʻanga', 'T$', 2, 0, 'Tongan paʻanga'],
  ['TRY', 'TL', 'Turkish Lira', 'TL', 2, 0, 'Turkish Lira'],
  ['TTD', 'TT$', 'Trinidad and Tobago Dollar', '$', 2, 0, 'Trinidad and Tobago dollars'],
  ['TWD', 'NT$', 'New Taiwan Dollar', 'NT$', 2, 0, 'New Taiwan dollars'],
  ['TZS', 'TSh', 'Tanzanian Shilling', 'TSh', 0, 0, 'Tanzanian shillings'],
  ['UAH', '₴', 'Ukrainian Hryvnia', '₴', 2, 0, 'Ukrainian hryvnias'],
  ['UGX', 'USh', 'Ugandan Shilling', 'USh', 0, 0, 'Ugandan shillings'],
  ['UYU', '$U', 'Uruguayan Peso', '$', 2, 0, 'Uruguayan pesos'],
  ['UZS', 'UZS', 'Uzbekistan Som', 'UZS', 0, 0, 'Uzbekistan som'],
  ['VEF', 'Bs.F.', 'Venezuelan Bolívar', 'Bs.F.', 2, 0, 'Venezuelan bolívars'],
  ['VES', 'Bs.S', 'Venezuelan Bolívar Soberano', 'Bs.S', 2, 0, 'Venezuelan bolívares soberanos'],
  ['VND', '₫', 'Vietnamese Dong', '₫', 0, 0, 'Vietnamese dong'],
  ['VUV', 'VT', 'Vanuatu Vatu', 'VT', 0, 0, 'Vanuatu vatus'],
  ['WST', 'WS$', 'Samoan Tala', 'WS$', 2, 0, 'Samoan tala'],
  ['XAF', 'FCFA', 'CFA Franc BEAC', 'FCFA', 0, 0, 'CFA francs BEAC'],
  ['XCD', 'EC$', 'East Caribbean Dollar', '$', 2, 0, 'East Caribbean dollars'],
  ['XOF', 'CFA', 'CFA Franc BCEAO', 'CFA', 0, 0, 'CFA francs BCEAO'],
  ['XPF', 'CFPF', 'CFP Franc', 'FCFP', 0, 0, 'CFP francs'],
  ['YER', 'YR', 'Yemeni Rial', 'ر.ي.', 0, 0, 'Yemeni rials'],
  ['ZAR', 'R', 'South African Rand', 'R', 2, 0, 'South African rand'],
  ['ZMK', 'ZK', 'Zambian Kwacha (1968–2012)', 'ZK', 0, 0, 'Zambian kwachas (1968–2012)'],
  ['ZMW', 'ZK', 'Zambian Kwacha', 'ZK', 2, 0, 'Zambian kwachas'],
  ['ZWL', 'ZWL$', 'Zimbabwean Dollar', 'ZWL$', 0, 0, 'Zimbabwean dollar'],
];

/** The reference table keyed by ISO code, e.g. `CURRENCIES.BDT.symbol_native === '৳'`. */
export const CURRENCIES: Readonly<Record<string, Currency>> = Object.freeze(
  Object.fromEntries(
    ROWS.map(([code, symbol, name, symbol_native, decimal_digits, rounding, name_plural]) => [
      code,
      Object.freeze({ symbol, name, symbol_native, decimal_digits, rounding, code, name_plural }),
    ]),
  ),
);

/** The table as a list, in code order (for pickers). */
export const CURRENCY_LIST: readonly Currency[] = Object.freeze(Object.values(CURRENCIES));

/** Looks up a currency by code, case-insensitively; undefined when unknown. */
export function findCurrency(code: string): Currency | undefined {
  const key = code.trim().toUpperCase();
  return Object.hasOwn(CURRENCIES, key) ? CURRENCIES[key] : undefined;
}

/**
 * Rounds an amount the way the currency is paid: to its decimal digits, and to its cash
 * increment when it has one (CHF to 0.05). Unknown codes round to 2 decimals.
 */
export function roundToCurrency(amount: number, code: string): number {
  if (!Number.isFinite(amount)) return amount;
  const currency = findCurrency(code);
  const digits = currency?.decimal_digits ?? 2;
  const step = currency && currency.rounding > 0 ? currency.rounding : 10 ** -digits;
  // toPrecision(15) first: 1.005 is stored as 1.00499…, which would otherwise round down.
  const rounded = Math.round(Number((amount / step).toPrecision(15))) * step;
  // Fixing to the digits removes binary noise such as 12.350000000000001.
  return Number(rounded.toFixed(digits)) + 0;
}
