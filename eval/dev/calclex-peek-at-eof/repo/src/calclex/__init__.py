from .lexer import Lexer, Token, tokenize
from .evaluate import evaluate

__all__ = ["Lexer", "Token", "tokenize", "evaluate"]
