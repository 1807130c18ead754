// An app on the test adapter whose logger records into `logged` (unless `logger` is given).
export {
  appUnderTest as testApp,
  expectConfigError,
  send,
} from "@trellis/testing";
