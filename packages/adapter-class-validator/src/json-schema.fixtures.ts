import "reflect-metadata";
import { Type } from "class-transformer";
import {
  Allow,
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  Equals,
  IsArray,
  IsBoolean,
  IsDateString,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsIP,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from "class-validator";

enum Level {
  Low = 1,
  High = 2,
}

/** One property per documented decorator. */
export class Gadget {
  @IsString() @Length(2, 40) name!: string;
  @Matches(/^[A-Z]{3}$/) code!: string;
  @Matches(/^[a-z]+$/i) caseless!: string; // flags cannot be said in JSON Schema: no pattern
  @IsEmail() email!: string;
  @IsUUID() id!: string;
  @IsDateString() createdAt!: string;
  @IsUrl() homepage!: string;
  @IsIP("4") ip!: string;
  @IsInt() @Min(1) @Max(10) count!: number;
  @IsPositive() price!: number;
  @IsBoolean() active!: boolean;
  @IsIn(["red", "green"]) color!: string;
  @IsEnum(Level) level!: Level;
  @Equals(2) version!: 2;
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(5)
  @ArrayUnique()
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  tags!: string[];
  @IsObject() meta!: object;
  @IsOptional() @IsString() note?: string | null;
  @ValidateIf((_, value) => value !== null) @IsString() deletedAt!: string | null;
  @ValidateIf((_, value) => value !== undefined) @IsString() nickname?: string;
  @ValidateIf((gadget: Gadget) => gadget.active) @IsString() vatId?: string; // depends on another field
  @Allow() anything?: unknown;
}

class Person {
  @IsString() name!: string;
}

export class Employee extends Person {
  @IsString() employeeId!: string;
}

class Owner {
  @IsString() name!: string;
}

class Section {
  @IsString() title!: string;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Section) children?: Section[];
}

export class Catalogue {
  @IsObject() @ValidateNested() @Type(() => Owner) owner!: Owner;
  @IsOptional() @ValidateNested() @Type(() => Owner) backup?: Owner | null;
  @IsArray()
  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => Section)
  sections!: Section[];
}
