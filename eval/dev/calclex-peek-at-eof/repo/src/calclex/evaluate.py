import operator

from .lexer import tokenize

_BINARY = {"+": (1, operator.add), "-": (1, operator.sub),
           "*": (2, operator.mul), "/": (2, operator.truediv)}


def _to_rpn(tokens):
    out, stack = [], []
    for tok in tokens:
        if tok.kind == "num":
            out.append(float(tok.text))
        elif tok.text == "(":
            stack.append(tok.text)
        elif tok.text == ")":
            while stack[-1] != "(":
                out.append(stack.pop())
            stack.pop()
        else:
            prec = _BINARY[tok.text][0]
            while stack and stack[-1] != "(" and _BINARY[stack[-1]][0] >= prec:
                out.append(stack.pop())
            stack.append(tok.text)
    return out + stack[::-1]


def evaluate(text):
    stack = []
    for item in _to_rpn(tokenize(text)):
        if isinstance(item, float):
            stack.append(item)
        else:
            b, a = stack.pop(), stack.pop()
            stack.append(_BINARY[item][1](a, b))
    return stack[0]
