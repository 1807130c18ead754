// The JSON Schema formats APIs use most, with the strictness the other adapters and Ajv share
// (TypeBox 0.34 validates no format out of the box; 1.x accepts an e-mail without a top-level
// domain). Plain functions: no TypeBox line is imported here.
const atext = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const email = new RegExp(`^${atext}(?:\\.${atext})*@(?:${label}\\.)+[A-Za-z]{2,63}$`);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dateParts = /^(\d{4})-(\d{2})-(\d{2})$/;
const timeParts = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const ipv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const uriScheme = /^[A-Za-z][A-Za-z0-9+.-]*:/;

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

function isDate(value: string): boolean {
  const match = dateParts.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

function isTime(value: string): boolean {
  const match = timeParts.exec(value);
  if (!match) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const offsetOk = match[4] === undefined || (Number(match[4]) <= 23 && Number(match[5]) <= 59);
  return hour <= 23 && minute <= 59 && second <= 59 && offsetOk;
}

/** RFC 3339 date-time: `T` between date and time, seconds required, `Z` or an offset required. */
function isDateTime(value: string): boolean {
  const separator = value.search(/[Tt]/);
  return separator === 10 && isDate(value.slice(0, 10)) && isTime(value.slice(11));
}

function isIpv6(value: string): boolean {
  if (!value.includes(":") || /[^0-9A-Fa-f:.]/.test(value)) return false;
  return URL.canParse(`http://[${value}]/`);
}

/** The formats this adapter registers with TypeBox, each only when the app has not registered its own. */
export const defaultFormats: Readonly<Record<string, (value: string) => boolean>> = {
  email: (value) => value.length <= 254 && email.test(value),
  uuid: (value) => uuid.test(value),
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  uri: (value) => uriScheme.test(value) && URL.canParse(value),
  ipv4: (value) => ipv4.test(value),
  ipv6: isIpv6,
};
