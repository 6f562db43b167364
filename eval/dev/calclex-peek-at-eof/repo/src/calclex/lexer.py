from dataclasses import dataclass

OPERATORS = set("+-*/()")


@dataclass(frozen=True)
class Token:
    kind: str     # "num" | "op"
    text: str


class Lexer:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def peek(self):
        """The next character, or '' at the end of the input."""
        return self.text[self.pos]

    def advance(self):
        ch = self.peek()
        self.pos += 1
        return ch

    def _number(self):
        start = self.pos
        while self.peek().isdigit() or self.peek() == ".":
            self.advance()
        return Token("num", self.text[start:self.pos])

    def tokens(self):
        while self.pos < len(self.text):
            ch = self.peek()
            if ch.isspace():
                self.advance()
            elif ch.isdigit() or ch == ".":
                yield self._number()
            elif ch in OPERATORS:
                yield Token("op", self.advance())
            else:
                raise SyntaxError(f"unexpected {ch!r} at {self.pos}")


def tokenize(text):
    return list(Lexer(text).tokens())
