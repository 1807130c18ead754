import "reflect-metadata";
import type { ConformanceFixtures, DocumentFixtures } from "@trellis/testing/conformance";
import { Type } from "class-transformer";
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsRFC3339,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  ValidateIf,
  ValidateNested,
} from "class-validator";
import { Describe, Example } from "./index.js";
import { IsFile } from "./is-file.js";

class CreateUser {
  @IsString() @IsNotEmpty() name!: string;
  @IsEmail() email!: string;
}

class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() email!: string;
}

class Profile {
  @IsString() title!: string;
  // IsOptional also lets null through; "absent but not null" is a ValidateIf on undefined.
  @ValidateIf((_, value) => value !== undefined) @IsString() nickname?: string;
  @ValidateIf((_, value) => value !== null) @IsString() deletedAt!: string | null;
  @IsOptional() @IsString() bio?: string | null;
}

class Bounds {
  @IsInt() @Min(0) @Max(150) age!: number;
  @IsNumber() @Min(0) @Max(100) score!: number;
  @ValidateIf((_, value) => value !== undefined) @IsInt() count?: number;
}

class Strings {
  @IsString() @Length(3, 20) username!: string;
  @IsString() @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/) slug!: string;
}

class Enums {
  @IsIn(["admin", "member"]) role!: "admin" | "member";
  @IsIn([1, 2, 3]) priority!: 1 | 2 | 3;
}

class Formats {
  @IsEmail() email!: string;
  @IsUUID() id!: string;
  @IsRFC3339() createdAt!: string;
}

class Address {
  @IsString() @MinLength(1) street!: string;
  @IsString() @IsNotEmpty() city!: string;
}

class Shipment {
  @IsString() recipient!: string;
  @IsObject() @ValidateNested() @Type(() => Address) address!: Address;
}

class LineItem {
  @IsString() @IsNotEmpty() sku!: string;
  @IsInt() @Min(1) @Max(100) quantity!: number;
}

class Cart {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => LineItem)
  items!: LineItem[];
}

abstract class Pet {
  kind!: string;
}

class Cat extends Pet {
  @Equals("cat") declare kind: "cat";
  @IsInt() @Min(0) @Max(9) lives!: number;
}

class Dog extends Pet {
  @Equals("dog") declare kind: "dog";
  @IsBoolean() goodBoy!: boolean;
}

class Adoption {
  @IsObject()
  @ValidateNested()
  @Type(() => Pet, {
    discriminator: {
      property: "kind",
      subTypes: [
        { value: Cat, name: "cat" },
        { value: Dog, name: "dog" },
      ],
    },
    keepDiscriminatorProperty: true,
  })
  pet!: Cat | Dog;
}

class Search {
  @ValidateIf((_, value) => value !== undefined) @IsString() @MaxLength(50) q?: string;
  @ValidateIf((_, value) => value !== undefined) @IsInt() @Min(1) @Max(1000) page?: number;
}

// A custom constraint whose check is user code that throws.
function ThrowsOnBoom(target: object, propertyName: string): void {
  registerDecorator({
    name: "throwsOnBoom",
    target: target.constructor,
    propertyName,
    validator: {
      validate(value: unknown) {
        if (value === "boom") throw new Error("boom from user code");
        return true;
      },
    },
  });
}

class Throwing {
  @IsString() @ThrowsOnBoom name!: string;
}

class Upload {
  @IsString() @Length(1, 20) title!: string;
  @IsOptional() @IsInt() @Min(0) @Max(10) count?: number;
  @IsFile({ maxSize: 1024, mimeTypes: ["image/png", "image/jpeg"] }) avatar!: File;
  @IsOptional() @IsFile({ maxSize: 2048, each: true }) attachments?: File[];
}

/** The conformance shapes, written as class-validator models. */
export const fixtures: ConformanceFixtures = {
  createUser: CreateUser,
  user: User,
  profile: Profile,
  bounds: Bounds,
  strings: Strings,
  enums: Enums,
  formats: Formats,
  shipment: Shipment,
  cart: Cart,
  adoption: Adoption,
  search: Search,
  throwing: Throwing,
  upload: Upload,
};

/**
 * `Page<T>`: a class factory, one class (and so one component, named after the class) per item
 * model. The name is set on the class because a component is named after its class.
 */
function Page<T>(item: new () => T, name: string) {
  class PageOf {
    @IsArray() @ValidateNested({ each: true }) @Type(() => item) items!: T[];
    @IsInt() total!: number;
  }
  Object.defineProperty(PageOf, "name", { value: name });
  return PageOf;
}

@Describe("Someone who uses the service")
class Person {
  @Describe("Full name") @Example("Ada Lovelace") @IsString() name!: string;
  @Describe("Where to write") @IsEmail() email!: string;
}

/** The document-only shapes, as class-validator models (`@Describe`, `@Example` of this package). */
export const documents: DocumentFixtures = {
  userPage: Page(User, "UserPage"),
  addressPage: Page(Address, "AddressPage"),
  person: Person,
};
