import "reflect-metadata";
import { Type } from "class-transformer";
import { Equals, IsInt, IsObject, IsString, ValidateNested } from "class-validator";

/** A class without validation decorators: not a model. */
export class Plain {
  name = "";
}

export class Signup {
  @IsString() name!: string;
  @IsInt() age!: number;
}

export class Customer {
  @IsString() name!: string;
}

/** A model whose constructor (user code, run by class-transformer) throws. */
export class Explosive {
  @IsString() name!: string;
  constructor() {
    throw new Error("constructor failed at /app/src/explosive.ts:12");
  }
}

class Line {
  @IsString() sku!: string;
}

/** Nested models declared the forgetful way: no IsObject, no IsArray. */
export class Order {
  @ValidateNested() @Type(() => Customer) customer!: Customer;
  @ValidateNested({ each: true }) @Type(() => Line) lines!: Line[];
}

/** @ValidateNested without @Type: class-transformer would leave a plain object. */
export class Orphan {
  @ValidateNested() customer!: Customer;
}

class Cat {
  @Equals("cat") kind!: "cat";
}

class Dog {
  @Equals("dog") kind!: "dog";
}

export class Adoption {
  @IsObject()
  @ValidateNested()
  @Type(() => Object, {
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

export class Team {
  @IsString() name!: string;
  @ValidateNested({ each: true }) @Type(() => Team) subteams!: Team[];
}
