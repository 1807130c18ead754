export { expectConfigError } from "@trellis/testing";
